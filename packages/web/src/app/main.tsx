// Mantine styles per component, not the 250 kB bundle: the base and the components every screen uses
// here; each lazy screen imports the styles of its own components, so they load with its code.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/CloseButton.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from '../lib/query-client';
import { sessionKeys, sessionQueryOptions } from '../lib/session';
import { Providers } from './providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient({
  sessionLost: () => {
    // Forget the session and re-run the guard: it alerts and sends the user to login with continue.
    queryClient.setQueryData(sessionKeys.all, null);
    void router.invalidate();
  },
  // Only a service call (lib/service-session.ts) loses a service session, so that module is loaded by then; importing
  // it here rather than up top keeps it and the services contract out of the sign-in page's code.
  serviceSessionLost: (serviceId) => {
    void import('../lib/service-session').then(({ currentServiceId, forgetServiceSession }) => {
      const lost = serviceId ?? currentServiceId();
      if (lost === null) {
        void router.navigate({ href: '/home/services' });
        return;
      }
      forgetServiceSession(queryClient, lost);
      // The dashboard opens the service login for it.
      void router.navigate({ href: `/home/services/${encodeURIComponent(lost)}?action=login` });
    });
  },
});
const router = createAppRouter(queryClient);
// Every screen starts with the session probe: send it before React and the router have started.
void queryClient.prefetchQuery(sessionQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
