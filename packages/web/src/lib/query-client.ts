import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { errorEffect } from './error-toast';
import { showToast } from './toasts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      errorContext?: string;
      /** Statuses every screen that reads the query shows itself (a not-found panel in the page); no toast for them. */
      inlineErrorStatuses?: readonly number[];
      /** Every screen that reads the query shows its failure where the data would be: no toast; a lost session still goes. */
      refusalsShownInline?: true;
    };
    mutationMeta: {
      errorContext?: string;
      /** Statuses the form shows itself (inline, on its fields); no central toast for them. */
      inlineErrorStatuses?: readonly number[];
      /** The dialog shows every refusal itself (in the spec's words): no toast over it; a lost session still goes. */
      refusalsShownInline?: true;
    };
  }
}

/** What the app shell does when the error mapping asks to leave the current screen. */
export interface SessionHandlers {
  /** A call answered 401: forget the session; the route guard then sends the user to login with continue. */
  sessionLost: () => void;
  /**
   * A service call found its service session gone: clear that service's authorization (token, cached session)
   * and take the user to the service's login; null when the call named no service.
   */
  serviceSessionLost: (serviceId: string | null) => void;
}

function handleError(error: unknown, context: string | undefined, handlers: SessionHandlers, refusalsShownInline = false): void {
  const effect = errorEffect(error, context);
  if (refusalsShownInline && effect.kind === 'toast') return;
  switch (effect.kind) {
    case 'none':
      return;
    case 'session-lost':
      handlers.sessionLost();
      return;
    case 'service-session-expired':
      showToast(effect.toast);
      handlers.serviceSessionLost(effect.serviceId);
      return;
    case 'toast':
      showToast(effect.toast);
  }
}

/** A failure whose status the screen (form or page) shows itself. */
const shownInline = (error: unknown, statuses: readonly number[] | undefined) =>
  error instanceof ApiError && error.status !== null && (statuses?.includes(error.status) ?? false);

/** The query client with central error handling: error toasts are made here, success toasts by callers. */
export function createQueryClient(handlers: SessionHandlers): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shownInline(error, query.meta?.inlineErrorStatuses)) return;
        handleError(error, query.meta?.errorContext, handlers, query.meta?.refusalsShownInline);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (shownInline(error, mutation.meta?.inlineErrorStatuses)) return;
        handleError(error, mutation.meta?.errorContext, handlers, mutation.meta?.refusalsShownInline);
      },
    }),
    defaultOptions: {
      queries: {
        // 4xx answers are final; only a missing response is worth one more try.
        retry: (failureCount, error) => error instanceof ApiError && error.status === null && failureCount < 1,
        refetchOnWindowFocus: true,
      },
    },
  });
}
