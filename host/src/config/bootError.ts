/** What a page shows when it cannot start (no or bad /config.json): plain DOM, no React needed. */
export function showBootError(message: string): void {
  const root = document.getElementById('root')!;
  const box = document.createElement('div');
  box.id = 'boot-error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'Phoenix Admin could not start';
  const detail = document.createElement('p');
  detail.textContent = message; // textContent: never HTML
  box.append(title, detail);
  root.replaceChildren(box);
}
