import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The platform's catalogue of where services run: regions (service locations) and the data centres behind
 * them (server locations). Platform-wide, no tenant data: every signed-in user may read it.
 */
export const serviceLocations = pgTable('service_locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const serverLocations = pgTable('server_locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  serviceLocation: text('service_location')
    .notNull()
    .references(() => serviceLocations.id, { onDelete: 'cascade' }),
});
