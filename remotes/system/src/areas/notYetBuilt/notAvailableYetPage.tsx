import { NotAvailableYet } from '@phoenix/ui';

/** A page component for an area a later issue builds: "<title>: not available yet". */
export function notAvailableYetPage(title: string) {
  function NotAvailableYetPage() {
    return <NotAvailableYet title={title} />;
  }
  NotAvailableYetPage.displayName = `NotAvailableYet(${title})`;
  return NotAvailableYetPage;
}
