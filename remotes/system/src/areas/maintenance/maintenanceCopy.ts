/** The API resource of the maintenance document (GET / PUT /maintenance). */
export const MAINTENANCE = 'maintenance';

export const countText = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What turning maintenance on or off does, in the words of the confirm dialog. */
export function toggleEffect(turnOn: boolean, allowedCount: number, withUnsavedEdits = false): { title: string; body: string; okText: string } {
  const effect = toggleEffectOnly(turnOn, allowedCount);
  return withUnsavedEdits ? { ...effect, body: `${effect.body} Your unsaved edits to the settings are saved with it.` } : effect;
}

function toggleEffectOnly(turnOn: boolean, allowedCount: number) {
  return turnOn
    ? {
        title: 'Turn maintenance on?',
        body: `All players except ${countText(allowedCount, 'allowed player', 'allowed players')} will be disconnected and kept out until maintenance is turned off.`,
        okText: 'Turn maintenance on',
      }
    : { title: 'Turn maintenance off?', body: 'Players can sign in again.', okText: 'Turn maintenance off' };
}

export function savedMessage(wasEnabled: boolean, nowEnabled: boolean): string {
  if (nowEnabled === wasEnabled) return 'Saved the maintenance settings.';
  return nowEnabled ? 'Maintenance is ON: players are kept out.' : 'Maintenance is OFF: players can sign in again.';
}
