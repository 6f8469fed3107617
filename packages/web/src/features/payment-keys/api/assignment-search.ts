import { useEffect, useState } from 'react';
import type { KeyAssignment } from '@keydeck/contract/payment-keys';

/** Spec §9: a key-assignment search by term falls back after this long without the server's answer. */
export const SEARCH_FALLBACK_MS = 1500;

/** The server's search rule, for rows already loaded: the device group or key name contains the term, in any case. */
export function matchesTerm(term: string | undefined): (row: KeyAssignment) => boolean {
  const wanted = term?.trim().toLowerCase();
  return (row) => !wanted || row.group.toLowerCase().includes(wanted) || row.key.toLowerCase().includes(wanted);
}

/**
 * Whether the search has fallen back (spec §9). The box commits a term after a pause in typing; then the list waits
 * for the server, the previous rows staying on screen dimmed. When no answer for the new term has come within
 * SEARCH_FALLBACK_MS, this turns true: the screen then shows the rows already loaded that match the term (filtered
 * here by the server's own rule), undimmed, with a notice that the server is still searching; its answer replaces
 * them the moment it arrives and this turns false again. Paging and sorting with an unchanged term never fall back.
 *
 * `answered` says that the list shows the server's answer for the current request (not placeholder rows).
 */
export function useSearchFallback(term: string | undefined, answered: boolean, ms: number = SEARCH_FALLBACK_MS): boolean {
  const [answeredTerm, setAnsweredTerm] = useState(term);
  const [lateTerm, setLateTerm] = useState<{ term: string | undefined } | null>(null);
  if (answered && (answeredTerm !== term || lateTerm !== null)) {
    setAnsweredTerm(term);
    setLateTerm(null);
  }
  const searching = !answered && term !== answeredTerm;
  useEffect(() => {
    if (!searching) return;
    const timer = setTimeout(() => setLateTerm({ term }), ms);
    return () => clearTimeout(timer);
  }, [searching, term, ms]);
  return searching && lateTerm?.term === term;
}
