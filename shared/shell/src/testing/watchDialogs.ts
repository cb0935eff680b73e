import { apiError, type FakeReply } from './fakeBff';

/**
 * Every dialog that opens while watched, by its title, in order: a global operation confirmed
 * twice (its form's dialog, then the change-control one after the server's 428) shows as two.
 */
export function watchDialogs(): { titles: string[]; stop: () => void } {
  const titles: string[] = [];
  const open = new Set<Element>();
  const record = () => {
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      if (open.has(dialog)) continue;
      open.add(dialog);
      const labelledBy = dialog.getAttribute('aria-labelledby');
      titles.push((labelledBy && document.getElementById(labelledBy)?.textContent) || dialog.getAttribute('aria-label') || '?');
    }
  };
  const observer = new MutationObserver(record);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  record();
  return { titles, stop: () => observer.disconnect() };
}

/** The BFF's gate in a "confirm" environment: 428 naming the scope, unless the call carries it typed. */
export function unlessScopeTyped(headers: Headers, scope: string, operation: string): FakeReply | null {
  return headers.get('x-confirm-scope') === scope
    ? null
    : apiError(428, 'confirmation_required', `Type "${scope}" to confirm`, { current: { scope, operation } });
}
