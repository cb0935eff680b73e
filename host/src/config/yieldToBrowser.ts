/** Lets the browser run what is queued (input, paint, network callbacks) before going on. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
