/** The figures the bench holds Keydeck to; a miss is reported, it does not fail the run. */
export const TARGETS = {
  loginJsGzipBytes: 200 * 1000,
  lighthouse: {
    '/login': { performance: 95, accessibility: 100 },
  },
};
