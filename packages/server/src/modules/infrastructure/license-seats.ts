import { sql, type SQL } from 'drizzle-orm';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { blueprints, productLicenses } from '../../db/schema/infrastructure.ts';

/**
 * Which license seat each cloud HSM holds, as rows (cloud_hsm_id, license_id). Every cloud HSM that is not
 * Deprovisioned holds one seat of a license of its blueprint's model valid on `today` (models match exactly):
 * the model's HSMs, oldest first, fill its valid licenses in order of valid_from; HSMs past the last seat hold none.
 * Nothing stores the pairing, so it never goes stale when licenses change.
 */
export function seatHolders(today: string): SQL {
  return sql`(
    select held.cloud_hsm_id, valid.id as license_id
    from (
      select l.id, l.model, l.seats,
        sum(l.seats) over (partition by l.model order by l.valid_from, l.created_at, l.id) - l.seats as seats_before
      from ${productLicenses} l
      where l.valid_from <= ${today}::date and l.valid_until >= ${today}::date
    ) valid
    join (
      select h.id as cloud_hsm_id, b.model, row_number() over (partition by b.model order by h.created_at, h.id) as seat
      from ${cloudHsms} h join ${blueprints} b on b.id = h.blueprint_id
      where h.status <> 'Deprovisioned'
    ) held on held.model = valid.model and held.seat > valid.seats_before and held.seat <= valid.seats_before + valid.seats
  )`;
}

/** Today as a calendar date in UTC, the day licenses are valid on. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
