import { cacheTag } from '../../events/catalogue-change';
import type { RequestContext } from '../../core/request-context';
import { imageUrlOf, toCategoryView, type CategoryRow, type CategoryView } from './catalog.views';
import { normaliseSlug } from './category-slug';

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
  const rows = await ctx.em.getConnection().execute<CategoryWithAliases[]>(
    `select ${categoryColumns}, aliases from categories c
     where lower(c.slug) in (select value from jsonb_array_elements_text(?::jsonb))
        or exists (select 1 from unnest(c.aliases) alias
                   where lower(alias) in (select value from jsonb_array_elements_text(?::jsonb)))
     order by c.name`,
    [JSON.stringify(slugs), JSON.stringify(slugs)],
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
