import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 0064: tells the planner what pg_trgm's word-similarity operators (`<%`, `%>`) cost. Declared at the
 * default 1 (a plain comparison), a search's candidates were read by scanning the table and comparing every name
 * until enough matched, 9,249 names for "oud" at 50,019 products and all of them for a text whose trigrams are
 * common but whose words match nothing. Measured at 6–25 µs a name, about 100 times a comparison: at that cost the
 * planner reads the trigram index. Guarded like 0011: without pg_trgm, or without the right to alter it, nothing.
 * Written by hand.
 */
export class Migration0023SearchCosts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$
begin
  if exists (select 1 from pg_proc where proname = 'word_similarity_op') then
    alter function word_similarity_op(text, text) cost 100;
    alter function word_similarity_commutator_op(text, text) cost 100;
  else
    raise notice 'pg_trgm is not installed: no search costs to declare';
  end if;
exception when insufficient_privilege then
  raise notice 'pg_trgm belongs to another role: search costs left as they are';
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`do $$
begin
  if exists (select 1 from pg_proc where proname = 'word_similarity_op') then
    alter function word_similarity_op(text, text) cost 1;
    alter function word_similarity_commutator_op(text, text) cost 1;
  end if;
exception when insufficient_privilege then
  null;
end $$;`);
  }
}
