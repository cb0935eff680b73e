import { screen, waitFor } from '@testing-library/react';
import { createTestShell, renderWithShell } from '../testing';
import { sectionSourceAtom } from './registry';
import { SectionSlot } from './SectionSlot';
import type { SectionDefinition, SectionSource, SlotProps } from './types';

type Player = SlotProps['player'];
const section = (id: string, order: number, load: SectionDefinition<'player'>['load']): SectionDefinition<'player'> => ({
  slot: 'player',
  id,
  order,
  load,
});
const component = (render: (props: Player) => string) => async () => ({ default: (props: Player) => <p>{render(props)}</p> });

/** A slot with sources: `remote → sections (or an error)`; the store is the test's own. */
function renderSlot(remotes: Record<string, Promise<SectionDefinition[]>>) {
  const shell = createTestShell();
  const resets: string[] = [];
  const source: SectionSource = () =>
    Object.entries(remotes).map(([remote, sections]) => ({ remote, sections, reset: () => resets.push(remote) }));
  shell.store.set(sectionSourceAtom, () => source);
  return { ...renderWithShell(<SectionSlot slot="player" props={{ playerId: 42, playerVersion: 1 }} />, { shell }), resets };
}

describe('SectionSlot', () => {
  it("renders every remote's sections by order, each given the slot's props", async () => {
    renderSlot({
      points: Promise.resolve([
        section(
          'points',
          20,
          component((p) => `Points of ${p.playerId}`),
        ),
      ]),
      battle: Promise.resolve([
        section(
          'battles',
          10,
          component((p) => `Battles of ${p.playerId}`),
        ),
      ]),
    });
    await screen.findByText('Points of 42');
    await screen.findByText('Battles of 42');
    const texts = screen.getAllByText(/of 42$/).map((e) => e.textContent);
    expect(texts).toEqual(['Battles of 42', 'Points of 42']);
  });

  it('a section that throws while rendering shows its own error; the others stay', async () => {
    const Broken = () => {
      throw new Error('points API answered 500');
    };
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    renderSlot({
      points: Promise.resolve([section('points', 10, async () => ({ default: Broken }))]),
      battle: Promise.resolve([
        section(
          'battles',
          20,
          component(() => 'Last battles'),
        ),
      ]),
    });
    expect(await screen.findByText('Last battles')).toBeInTheDocument();
    expect(await screen.findByText('This section could not be shown')).toBeInTheDocument();
    expect(screen.getByText('points API answered 500')).toBeInTheDocument();
  });

  it('a section whose code fails to load, and a remote that is down, fail alone (with retry); a slow one does not hold the others', async () => {
    let loadAttempts = 0;
    const flaky = section('presents', 30, () => {
      loadAttempts += 1;
      return loadAttempts === 1 ? Promise.reject(new Error('chunk failed')) : component(() => 'Presents delivered')();
    });
    const { user, resets } = renderSlot({
      present: Promise.resolve([flaky]),
      system: Promise.reject(new Error('system remote is down')),
      battle: new Promise(() => undefined), // never answers
      points: Promise.resolve([
        section(
          'points',
          10,
          component(() => 'Balance 1,200'),
        ),
      ]),
    });
    expect(await screen.findByText('Balance 1,200')).toBeInTheDocument();
    expect(await screen.findByText('The sections of the system area could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText('chunk failed')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    expect(await screen.findByText('Presents delivered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(resets).toEqual(['system']));
  });

  it('shows nothing without a section source (a page rendered alone)', async () => {
    renderWithShell(<SectionSlot slot="player" props={{ playerId: 42, playerVersion: 1 }} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
