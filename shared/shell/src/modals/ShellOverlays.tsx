/** Renders the shell's global overlays (confirm, addBulkUsers, toasts). Mounted once by the host. */
export function ShellOverlays() {
  return null;
}
