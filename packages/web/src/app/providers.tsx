import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { OverlayHost } from '../lib/overlay-host';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme, server state, and the host that loads dialogs and toasts when first needed: mounted once. */
export function Providers({ queryClient, children }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <OverlayHost />
    </MantineProvider>
  );
}
