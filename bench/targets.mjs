/** The figures the bench holds Keydeck to; a miss is reported, it does not fail the run. */
export const TARGETS = {
  /** The signed-in GET's requests/s as a share of Fastify plus one session look-up on the same database (issue 29). */
  signedInOfLimitPercent: 80,
  /** The service call's requests/s as a share of its own statements sent bare through the same driver (issue 29). */
  serviceOfFloorPercent: 70,
  /** postgres.js replaces node-postgres if the service call's floor through it is this many times faster (issue 29). */
  driverChangeFactor: 1.3,
  /** Requests/s with WORKERS=2 over one worker, on PostgreSQL on the same 2 cores (issue 29). */
  twoWorkersFactor: 1.5,
  loginJsGzipBytes: 150 * 1000,
  lighthouse: {
    '/login': { performance: 100, accessibility: 100 },
    '/home': { performance: 98 },
  },
  devices: {
    /**
     * A device list request under load (p99, by database: the devices step's 50 ms, and issue 29's 30 ms on
     * PostgreSQL, the stricter of the two), and at most this many times its statements run bare.
     */
    listP99Ms: { PGlite: 50, PostgreSQL: 30 },
    listOverBare: 4,
    /** The list's statements alone, one at a time, p99, by database (issue 29: PostgreSQL only). */
    bareAloneP99Ms: { PostgreSQL: 10 },
    exportFirstByteMs: 1_000,
    exportRssGrowthBytes: 100 * 1000 * 1000,
    batchDevicesPerSecond: 2_000,
    /** The Remote Devices screen: opened until rows show, and a click on the next page until its rows show. */
    screenMs: 1_000,
  },
  audit: {
    /** An audit list request (100 a page) of an account with 1,000,000 events under load, by database (issue 29). */
    listP99Ms: { PGlite: 150, PostgreSQL: 30 },
    exportFirstByteMs: 1_000,
    exportRssGrowthBytes: 100 * 1000 * 1000,
  },
  failover: {
    /** Role writes/s with synchronous replication (synchronous_commit=on) as a share of the primary's own flush (local) (issue 30). */
    synchronousOfLocalPercent: 80,
    /** From the standby's promotion to the first write the console acknowledges, with no restart (issue 30). */
    firstWriteAfterPromotionMs: 1_000,
  },
  keys: {
    /** A key list request (100 a page) at 100,000 keys under load, by database (issue 29). */
    listP99Ms: { PGlite: 150, PostgreSQL: 30 },
    /** Keystore throughput, one operation after another, by keystore and step (issue 29). */
    cryptoKeysPerSecond: { software: { wrap: 10_000 }, pkcs11: { generate: 1_000 } },
  },
};
