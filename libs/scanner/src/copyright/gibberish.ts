/**
 * Lines of random characters (base64, hex dumps, binary strings) are no candidate lines even
 * when they happen to contain "by " or a year.
 */
export function isGibberish(prepared: string): boolean {
  void prepared;
  return false;
}
