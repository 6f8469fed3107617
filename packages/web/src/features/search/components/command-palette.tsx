import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Kbd.css';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Button, Kbd, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useHotkeys, useOs } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SEARCH_MIN_LENGTH, type SearchKind, type SearchResult } from '@keydeck/contract/search';
import { useNavDestinations } from '../../../lib/navigation';
import { useCurrentService } from '../../../lib/service-session';
import { searchQueryOptions } from '../api/search.api';
import { enterService, inWorkspace, placeOf } from './open-result';

const KIND_HEADINGS: Record<SearchKind, string> = {
  key: 'Keys',
  device: 'Devices',
  certificate: 'Certificates',
  cloud_hsm: 'Cloud HSMs',
  user: 'Users',
  account: 'Accounts',
};
const MAX_SCREENS = 8;

type Entry = { id: string; heading: string; label: string; detail: string; open: () => Promise<string> };

/**
 * The command palette (issue 27): Ctrl-K or ⌘-K, or the header's button, opens a dialog whose combobox filters the
 * screens the user may open (the navigation's own list) and, debounced, asks the server for objects. Arrow keys
 * move through the listbox, Enter opens, Escape closes and gives focus back to where it was.
 */
export function CommandPalette() {
  const [opened, setOpened] = useState(false);
  const os = useOs();
  const shortcut = os === 'macos' ? '⌘ K' : 'Ctrl K';
  useHotkeys([['mod+K', () => setOpened(true)]], []);
  return (
    <>
      <Button variant="default" size="sm" onClick={() => setOpened(true)} rightSection={<Kbd size="xs">{shortcut}</Kbd>} aria-keyshortcuts="Control+K Meta+K">
        Search
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Search and go to" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {opened ? <PaletteBody onDone={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const found = useQuery(searchQueryOptions(debounced));
  const screens = useNavDestinations();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { select } = useCurrentService();
  const listId = useId();

  const entries = useMemo<Entry[]>(() => {
    const words = text.trim().toLowerCase();
    const screenEntries = screens
      .filter((screen) => words === '' || `${screen.group ?? ''} ${screen.label}`.toLowerCase().includes(words))
      .slice(0, MAX_SCREENS)
      .map((screen) => ({
        id: `screen:${screen.to}`,
        heading: 'Screens',
        label: screen.group ? `${screen.group} › ${screen.label}` : screen.label,
        detail: screen.description ?? '',
        open: () => Promise.resolve(screen.to),
      }));
    const results = debounced.length >= SEARCH_MIN_LENGTH ? (found.data?.results ?? []) : [];
    const objects = results.map((result: SearchResult) => ({
      id: `${result.kind}:${result.service_id ?? ''}:${result.id}`,
      heading: KIND_HEADINGS[result.kind],
      label: result.label,
      detail: [result.detail, result.service_name].filter(Boolean).join(' · '),
      open: () => (inWorkspace(result) ? enterService(queryClient, select, result) : Promise.resolve(placeOf(result))),
    }));
    return [...screenEntries, ...objects];
  }, [text, screens, debounced, found.data, queryClient, select]);

  const current = Math.min(active, Math.max(entries.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const go = async (entry: Entry | undefined) => {
    if (!entry) return;
    const href = await entry.open();
    onDone();
    await navigate({ href });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves && entries.length > 0) {
      event.preventDefault();
      setActive((current + moves[event.key]! + entries.length) % entries.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void go(entries[current]);
    }
  };
  const searching = found.isFetching && debounced.length >= SEARCH_MIN_LENGTH;

  return (
    <Stack gap="sm">
      <TextInput
        // Focused as it mounts, not by the modal's focus trap a tick later: what is typed right after Ctrl-K counts.
        autoFocus
        data-autofocus
        label="Screen, key name or KCV, device serial, certificate, user, account"
        placeholder="e.g. Audit logs, 08D7B4, LANE-0001"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={entries.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={entries.length > 0 ? optionId(current) : undefined}
        rightSection={searching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
      />
      <div role="listbox" id={listId} aria-label="Results" style={{ maxHeight: '55vh', overflowY: 'auto' }}>
        {groupsOf(entries).map(({ heading, items }, group) => (
          // The APG's grouped listbox: a group named by its heading, which is presentation only.
          <div key={heading} role="group" aria-labelledby={`${listId}-group-${group}`}>
            <Text id={`${listId}-group-${group}`} role="presentation" size="xs" fw={700} c="dimmed" tt="uppercase" mt="xs" mb={4}>
              {heading}
            </Text>
            {items.map(({ entry, index }) => (
              <div
                key={entry.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                onMouseEnter={() => setActive(index)}
                onClick={() => void go(entry)}
                style={{
                  padding: '6px 10px',
                  borderRadius: 6,
                  cursor: 'pointer',
                  background: index === current ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Text size="sm" fw={500}>
                  {entry.label}
                </Text>
                {entry.detail ? (
                  <Text size="xs" c="dimmed" truncate>
                    {entry.detail}
                  </Text>
                ) : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      <Text size="sm" c="dimmed" aria-live="polite">
        {entries.length === 0 && debounced.length >= SEARCH_MIN_LENGTH && !searching ? 'Nothing matches.' : ''}
      </Text>
    </Stack>
  );
}

/** Consecutive entries under one heading, each with its index in the whole list (what the arrow keys move along). */
function groupsOf(entries: Entry[]): { heading: string; items: { entry: Entry; index: number }[] }[] {
  const groups: { heading: string; items: { entry: Entry; index: number }[] }[] = [];
  entries.forEach((entry, index) => {
    const last = groups.at(-1);
    if (last?.heading === entry.heading) last.items.push({ entry, index });
    else groups.push({ heading: entry.heading, items: [{ entry, index }] });
  });
  return groups;
}
