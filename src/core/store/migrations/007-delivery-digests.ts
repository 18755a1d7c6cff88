// Deliveries learn two things for the alert history: whether quiet hours held them back or a
// critical rule passed through them (quiet_hours), and the end of the digest window a delivery
// waits in (digest_until, epoch ms). Kept on the row, so a digest due while the app was closed
// goes out after the restart.
import type { Migration } from './migration.ts';

export const deliveryDigests: Migration = {
  version: 7,
  name: 'delivery-digests',
  up(db) {
    db.exec(`
      ALTER TABLE alert_deliveries ADD COLUMN quiet_hours TEXT CHECK (quiet_hours IN ('held', 'passed'));
      ALTER TABLE alert_deliveries ADD COLUMN digest_until INTEGER;
      CREATE INDEX alert_deliveries_digest ON alert_deliveries (channel, digest_until)
        WHERE digest_until IS NOT NULL;
    `);
  },
};
