import { Component, Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingBlock } from '@phoenix/ui';
import { sectionSourceAtom } from './registry';
import type { SectionDefinition, SlotName, SlotProps } from './types';
import './translations';

type Loaded =
  | { remote: string; status: 'loading' }
  | { remote: string; status: 'ready'; sections: SectionDefinition[] }
  | { remote: string; status: 'error'; error: Error };

/** One lazy component per definition: a re-render never loads a section's code again. */
const lazyOf = new WeakMap<SectionDefinition, ComponentType<never>>();
function lazySection<S extends SlotName>(definition: SectionDefinition<S>): ComponentType<SlotProps[S]> {
  let component = lazyOf.get(definition as SectionDefinition);
  if (!component) {
    component = lazy(definition.load) as unknown as ComponentType<never>;
    lazyOf.set(definition as SectionDefinition, component);
  }
  return component as unknown as ComponentType<SlotProps[S]>;
}

/** Catches what one section throws (its code failing to load, or to render): the others stay. */
class SectionBoundary extends Component<
  { fallback: (error: Error, retry: () => void) => ReactNode; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error, () => this.setState({ error: null })) : this.props.children;
  }
}

function SectionFrame<S extends SlotName>({
  remote,
  definition,
  props,
}: {
  remote: string;
  definition: SectionDefinition<S>;
  props: SlotProps[S];
}) {
  const { t } = useTranslation('sections');
  const [attempt, setAttempt] = useState(0);
  const Section = lazySection(definition);
  return (
    <div data-section={`${remote}-${definition.id}`}>
      <SectionBoundary
        key={attempt}
        fallback={(error) => (
          <ErrorState
            title={t('failed')}
            message={error.message}
            onRetry={() => {
              lazyOf.delete(definition as SectionDefinition); // a chunk that failed to load is fetched again
              setAttempt((n) => n + 1);
            }}
          />
        )}
      >
        <Suspense fallback={<LoadingBlock label={t('loading')} />}>
          <Section {...props} />
        </Suspense>
      </SectionBoundary>
    </div>
  );
}

/**
 * Where other remotes' sections go on a page: every section registered for `slot` by any remote of
 * the environment, by order, each loaded and failing on its own (see types.ts).
 */
export function SectionSlot<S extends SlotName>({ slot, props }: { slot: S; props: SlotProps[S] }) {
  const { t } = useTranslation('sections');
  const source = useAtomValue(sectionSourceAtom);
  const [attempt, setAttempt] = useState(0);
  const [remotes, setRemotes] = useState<Loaded[]>([]);
  const resets = useRef(new Map<string, () => void>());
  useEffect(() => {
    if (!source) return;
    let live = true;
    const entries = source(slot);
    resets.current = new Map(entries.map((e) => [e.remote, e.reset]));
    setRemotes(entries.map(({ remote }) => ({ remote, status: 'loading' })));
    const settle = (remote: string, next: Loaded) => live && setRemotes((all) => all.map((r) => (r.remote === remote ? next : r)));
    for (const { remote, sections } of entries)
      sections.then(
        (list) => settle(remote, { remote, status: 'ready', sections: list.filter((s) => s.slot === slot) }),
        (error: unknown) => settle(remote, { remote, status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
      );
    return () => {
      live = false;
    };
  }, [source, slot, attempt]);

  const sections = remotes
    .flatMap((r) => (r.status === 'ready' ? r.sections.map((definition) => ({ remote: r.remote, definition })) : []))
    .sort(
      (a, b) =>
        a.definition.order - b.definition.order || a.remote.localeCompare(b.remote) || a.definition.id.localeCompare(b.definition.id),
    );
  const failed = remotes.filter((r): r is Extract<Loaded, { status: 'error' }> => r.status === 'error');
  return (
    <>
      {sections.map(({ remote, definition }) => (
        <SectionFrame key={`${remote}-${definition.id}`} remote={remote} definition={definition as SectionDefinition<S>} props={props} />
      ))}
      {failed.map((r) => (
        <ErrorState
          key={r.remote}
          title={t('remoteFailed', { remote: r.remote })}
          message={r.error.message}
          onRetry={() => {
            resets.current.get(r.remote)?.();
            setAttempt((n) => n + 1);
          }}
        />
      ))}
    </>
  );
}
