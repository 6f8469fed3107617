import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

function SunIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

/** Switches between light and dark; Mantine's color scheme manager keeps the choice in localStorage. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    // A native title, not Mantine's Tooltip: the toggle sits on the sign-in page, which must stay small.
    <ActionIcon variant="default" size="lg" aria-label={label} title={label} onClick={() => setColorScheme(next)}>
      {computed === 'dark' ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
