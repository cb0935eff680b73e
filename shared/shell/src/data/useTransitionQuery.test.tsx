import { useLayoutEffect, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useTransitionQuery } from './useTransitionQuery';

const key = (n: number) => ['numbers', n];

function Shown({ n, fetchOf }: { n: number; fetchOf: (n: number) => Promise<string> }) {
  const { data, isFetching } = useTransitionQuery<string, Error>({ queryKey: key(n), queryFn: () => fetchOf(n) });
  return <p>{`${data ?? 'none'}${isFetching ? ' (fetching)' : ''}`}</p>;
}

/** Writes the cache in a layout effect: after the list rendered, before it subscribes (passive effects). */
function AnswersBeforeSubscription({ n, value }: { n: number; value: string }) {
  const client = useQueryClient();
  useLayoutEffect(() => void client.setQueryData(key(n), value), [client, n, value]);
  return null;
}

const renderWith = (client: QueryClient, ui: ReactNode) => render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
const never = () => new Promise<string>(() => undefined);

describe('useTransitionQuery', () => {
  it('shows the answer once it comes, like useQuery', async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    renderWith(client, <Shown n={1} fetchOf={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByText('none (fetching)')).toBeInTheDocument();
    await act(async () => answer('one'));
    expect(await screen.findByText('one')).toBeInTheDocument();
  });

  it('shows an answer that came between its render and its subscription (it would stay "fetching" forever)', async () => {
    const client = new QueryClient();
    renderWith(
      client,
      <>
        <Shown n={1} fetchOf={never} />
        <AnswersBeforeSubscription n={1} value="one" />
      </>,
    );
    // The fetch it started is still out (so: fetching), but the answer is on screen.
    expect(await screen.findByText('one (fetching)')).toBeInTheDocument();
  });

  it('a new key shows its cached answer in the same render (no loading flash, no previous answer)', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData(key(1), 'one');
    client.setQueryData(key(2), 'two');
    const renders: string[] = [];
    const Logged = ({ n }: { n: number }) => {
      const { data } = useTransitionQuery<string, Error>({ queryKey: key(n), queryFn: never });
      renders.push(`${n}:${data}`);
      return <p>{data}</p>;
    };
    const { rerender } = renderWith(client, <Logged n={1} />);
    rerender(
      <QueryClientProvider client={client}>
        <Logged n={2} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('two')).toBeInTheDocument();
    // Every render of key 2 had key 2's answer: none showed key 1's while a notification was awaited.
    expect(new Set(renders.filter((r) => r.startsWith('2:')))).toEqual(new Set(['2:two']));
  });
});
