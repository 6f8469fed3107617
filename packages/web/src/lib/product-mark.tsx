/** The Keydeck logo mark (a key in a rounded square), drawn inline so it costs no request. */
export function ProductMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-primary-8)" />
      <circle cx="12" cy="16" r="5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M17 16h10m-3 0v4" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
