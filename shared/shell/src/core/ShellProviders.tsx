import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import { defaultTheme, type PhoenixTheme } from '@phoenix/ui/src/boot';
import { shellStore } from './store';
import { shellQueryClient } from './queryClient';

type Store = typeof shellStore;

/** Everything a page needs above it: the shared store, the query cache and the theme. */
export function ShellProviders({
  children,
  theme = defaultTheme,
  store = shellStore,
  queryClient = shellQueryClient,
}: {
  children: ReactNode;
  theme?: PhoenixTheme;
  store?: Store;
  queryClient?: QueryClient;
}) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>{children}</ThemeProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
