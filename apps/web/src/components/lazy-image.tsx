type LazyImageProps = {
  src: string;
  /** The picture's own size: the page reserves its box before it arrives. */
  width: number;
  height: number;
  className?: string;
};

/**
 * A decorative picture below the first screen (a tile, a logo, a crest, a cover): fetched when
 * scrolled near and decoded off the main thread; its text is beside it, so it has no alt text.
 */
export function LazyImage({ src, width, height, className }: LazyImageProps) {
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
}
