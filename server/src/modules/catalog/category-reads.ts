import { cacheTag } from '../../events/catalogue-change';
import type { RequestContext } from '../../core/request-context';
import { imageUrlOf, toCategoryView, type CategoryRow, type CategoryView } from './catalog.views';
import { normaliseSlug } from './category-slug';
import { queryPrepared } from '../../shared/prepared-statements';

/** The columns a category view is made from. */
export const categoryColumns = 'id, name, slug, description, image_file_name';

type CategoryWithAliases = CategoryRow & { aliases: string[] };

/**
 * Categories for a batch of slugs (canonical or alias, already lower-case), one statement. Should two
 * categories claim one slug, the last by name wins, as it always has.
 */
export async function categoriesBySlugs(
  ctx: RequestContext,
  slugs: readonly string[],
): Promise<(CategoryView | null)[]> {
  // Prepared (decision 0093): planned once per connection, where a plain statement's planning was most of its cost.
  // Its plan does not depend on the slugs (a scan of a table of a few dozen rows).
  const rows = await queryPrepared<CategoryWithAliases>(
    ctx.em,
    `select ${categoryColumns}, aliases from categories c
     where lower(c.slug) = any(?::text[])
        or exists (select 1 from unnest(c.aliases) alias where lower(alias) = any(?::text[]))
     order by c.name`,
    [slugs, slugs],
  );
  const bySlug = new Map<string, CategoryView>();
  for (const row of rows) {
    const view = toCategoryView(row, imageUrlOf(ctx));
    for (const slug of [row.slug, ...row.aliases]) bySlug.set(slug.toLowerCase(), view);
  }
  return slugs.map((slug) => bySlug.get(slug) ?? null);
}

/** A category by slug or alias, case-insensitive; one statement per request however often it is asked. */
export async function findCategoryBySlug(ctx: RequestContext, slug: string): Promise<CategoryView | null> {
  ctx.cacheTags.add(cacheTag.categories);
  const normalised = normaliseSlug(slug);
  return normalised ? ctx.loaders.catalog.categoryBySlug.load(normalised) : null;
}

/** Every category, by name. */
export async function listCategories(ctx: RequestContext): Promise<CategoryView[]> {
  ctx.cacheTags.add(cacheTag.categories);
  const rows = await ctx.em
    .getConnection()
    .execute<CategoryRow[]>(`select ${categoryColumns} from categories order by name`);
  return rows.map((row) => toCategoryView(row, imageUrlOf(ctx)));
}
