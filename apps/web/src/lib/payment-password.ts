/** A payment password as the security centre sets it and money forms ask for it: six digits. */
export function isPaymentPassword(text: string): boolean {
  return /^\d{6}$/.test(text);
}
