import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { recordAudit } from '../audit/audit-log';
import { Category } from './category.entity';
import { toCategoryView, type CategoryView } from './catalog.views';
import { categoryNameLimit, text } from './product-form-rules';
import { Product } from './product.entity';

function slugFor(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const categoryExists = () => AppError.field('name', 'CATEGORY_EXISTS', 'Category already exists');

/**
 * The admin's categories (spec §5): created under a unique name and slug, deleted only when no product in the
 * shop uses them.
 */
export const categoryAdminService = {
  /** Spec §5: required after trimming, stored upper-case, duplicates (any case, or the same slug) refused. */
  async createCategory(ctx: RequestContext, rawName: unknown): Promise<CategoryView> {
    const name = text(rawName).replace(/\s+/g, ' ').toUpperCase();
    if (!name) throw AppError.field('name', 'REQUIRED', 'Category name is required');
    if (name.length > categoryNameLimit)
      throw AppError.field('name', 'TOO_LONG', `Please keep the category name under ${categoryNameLimit} characters.`);
    const slug = slugFor(name);
    if (!slug) throw AppError.field('name', 'INVALID_NAME', 'A category name needs at least one letter or digit.');
    const [duplicate] = await ctx.em
      .getConnection()
      .execute<{ id: number }[]>(
        'select id from categories where upper(name) = ? or slug = ? or ? = any(aliases) limit 1',
        [name, slug, slug],
      );
    if (duplicate) throw categoryExists();
    let category: Category;
    try {
      category = await ctx.em.transactional(async (em) => {
        const created = em.create(Category, { name, slug });
        await em.flush();
        recordAudit(ctx, em, {
          action: 'createCategory',
          targetType: 'category',
          targetId: created.id,
          after: { name, slug },
        });
        await announceCatalogueChange(em, { categoryIds: [created.id] });
        return created;
      });
    } catch (error) {
      // Two admins adding the same name at once: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw categoryExists();
      throw error;
    }
    return toCategoryView(
      {
        id: category.id,
        name: category.name,
        slug: category.slug,
        description: category.description,
        image_file_name: category.imageFileName,
      },
      (key) => ctx.storage.publicUrl(key),
    );
  },

  /** By id, or by name or slug (the REST path names it); refused while products in the shop use it. */
  async deleteCategory(ctx: RequestContext, idOrName: number | string): Promise<{ deletedId: number }> {
    const deletedId = await ctx.em.transactional(async (em) => {
      const wanted = String(idOrName).trim();
      const category = /^\d{1,9}$/.test(wanted)
        ? await em.findOne(Category, { id: Number(wanted) }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : await em.findOne(
            Category,
            { $or: [{ name: wanted.replace(/\s+/g, ' ').toUpperCase() }, { slug: wanted.toLowerCase() }] },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          );
      if (!category) throw AppError.notFound('Category not found');
      const count = await em.count(Product, { categories: category.id, archivedAt: null });
      if (count > 0)
        throw AppError.field(
          'category',
          'CATEGORY_IN_USE',
          `Category is used by ${count} ${count === 1 ? 'product' : 'products'}`,
        );
      recordAudit(ctx, em, {
        action: 'deleteCategory',
        targetType: 'category',
        targetId: category.id,
        before: { name: category.name, slug: category.slug, description: category.description },
      });
      await em.flush();
      // Archived products lose the link with it (the database cascades); their order lines keep their names.
      await em.nativeDelete(Category, { id: category.id });
      await announceCatalogueChange(em, { categoryIds: [category.id] });
      return category.id;
    });
    return { deletedId };
  },
};
