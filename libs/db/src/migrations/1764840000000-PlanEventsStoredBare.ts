import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Issue 22: a stored plan event kept what its actor was shown — a linked activity's title,
 * location, budget and signed image link, and the signed avatars of the people an invite added —
 * which replays handed to members who may not see that activity. Events are now stored bare and
 * projected for each receiver when they leave the server; this strips the renderings older rows
 * hold, so none stays at rest either. Only each linked row's `linked` (to all nulls) and the event's
 * `people` change; ids, values and versions stay. Down has nothing to restore: the renderings
 * were copies of what the activities and profiles hold, and no reader uses them any more.
 */
export class PlanEventsStoredBare1764840000000 implements MigrationInterface {
  name = 'PlanEventsStoredBare1764840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE plan_events
         SET result = jsonb_set(result #- '{event,people}', '{event,changes}', COALESCE((
               SELECT jsonb_agg(CASE WHEN change ->> 'kind' = 'addEntry'
                                      AND jsonb_typeof(change #> '{entry,linked}') = 'object'
                                     THEN jsonb_set(change, '{entry,linked}',
                                            '{"title": null, "location": null, "imageUrl": null, "budget": null}')
                                     ELSE change END ORDER BY position)
                 FROM jsonb_array_elements(result #> '{event,changes}') WITH ORDINALITY AS c(change, position)),
               '[]'::jsonb))
       WHERE jsonb_typeof(result #> '{event,changes}') = 'array'
         AND (result #> '{event,people}' IS NOT NULL
              OR EXISTS (SELECT 1 FROM jsonb_array_elements(result #> '{event,changes}') AS c(change)
                          WHERE change ->> 'kind' = 'addEntry'
                            AND jsonb_typeof(change #> '{entry,linked}') = 'object'
                            AND jsonb_strip_nulls(change #> '{entry,linked}') <> '{}'::jsonb));
    `);
  }

  async down(): Promise<void> {
    // Nothing to restore (see above): the stripped renderings are no longer read.
  }
}
