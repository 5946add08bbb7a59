/** Draws a whole number in [0, max). Games take one so tests can replay a fixed sequence. */
export type Rng = (max: number) => number;
