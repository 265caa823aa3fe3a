import { LockMode } from '@mikro-orm/core';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { invalidKenyanMobileMessage, kenyanMobile } from '../../shared/kenyan-mobile';
import { trimmedText } from '../../shared/trimmed-text';
import { isUuid } from '../../shared/uuid';
import { requireViewer } from '../accounts/guards';
import { User } from '../accounts/user.entity';
import { SavedAddress } from './saved-address.entity';

/** An address book holds this many at most: the list is answered whole, so it stays short. */
export const maxSavedAddresses = 10;
const maxFieldLength = 200;

export interface AddressForm {
  recipient?: unknown;
  phone?: unknown;
  area?: unknown;
  street?: unknown;
  landmark?: unknown;
  city?: unknown;
  postalCode?: unknown;
  isDefault?: unknown;
}

const text = trimmedText;
const requiredFields = ['recipient', 'phone', 'street', 'city'] as const;

/** The form as stored: required fields present, every field at most 200 characters, the phone as E.164. */
function validAddress(form: AddressForm) {
  const values = {
    recipient: text(form.recipient),
    phone: text(form.phone),
    area: text(form.area) || null,
    street: text(form.street),
    landmark: text(form.landmark) || null,
    city: text(form.city),
    postalCode: text(form.postalCode) || null,
  };
  const missing = requiredFields.find((field) => !values[field]);
  if (missing) throw AppError.field(missing, 'REQUIRED', 'Please fill in all fields');
  const tooLong = (Object.keys(values) as (keyof typeof values)[]).find(
    (field) => (values[field]?.length ?? 0) > maxFieldLength,
  );
  if (tooLong) throw AppError.field(tooLong, 'TOO_LONG', `Please keep this to ${maxFieldLength} characters`);
  const phone = kenyanMobile(values.phone);
  if (!phone) throw AppError.field('phone', 'INVALID_PHONE', invalidKenyanMobileMessage);
  return { ...values, phone };
}

const notFound = () => AppError.notFound('Address not found');

/**
 * A signed-in shopper's address book (issue 26). Every call is the viewer's own: another account's address is
 * "not found", never edited. The default fills the checkout; making one the default unsets the others in the
 * same transaction, and the partial unique index keeps it so under parallel writes.
 */
export const addressesService = {
  /** The viewer's addresses, the default first, then the newest. At most `maxSavedAddresses`: one statement. */
  async list(ctx: RequestContext): Promise<SavedAddress[]> {
    const viewer = requireViewer(ctx);
    return ctx.em.find(
      SavedAddress,
      { user: viewer.id },
      { orderBy: { isDefault: 'desc', createdAt: 'desc', id: 'asc' }, limit: maxSavedAddresses },
    );
  },

  /** Adds an address, or (with `id`) changes one of the viewer's. The first address is the default. */
  async save(ctx: RequestContext, id: unknown, form: AddressForm): Promise<SavedAddress> {
    const viewer = requireViewer(ctx);
    const values = validAddress(form);
    if (id !== undefined && id !== null && !isUuid(id)) throw notFound();
    return ctx.em.transactional(async (em) => {
      // The account's row, locked: parallel saves of one account count and switch the default one at a time.
      await em.findOneOrFail(User, { id: viewer.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const count = await em.count(SavedAddress, { user: viewer.id });
      let address: SavedAddress;
      if (typeof id === 'string') {
        const found = await em.findOne(SavedAddress, { id, user: viewer.id });
        if (!found) throw notFound();
        address = em.assign(found, values);
      } else {
        if (count >= maxSavedAddresses)
          throw AppError.field('', 'TOO_MANY_ADDRESSES', `You can keep up to ${maxSavedAddresses} addresses`);
        address = em.create(SavedAddress, { ...values, user: viewer.id });
      }
      const makeDefault = form.isDefault === true || count === 0;
      if (makeDefault && !address.isDefault) {
        await em.nativeUpdate(SavedAddress, { user: viewer.id, isDefault: true }, { isDefault: false });
        address.isDefault = true;
      }
      await em.flush();
      return address;
    });
  },

  /** Removes one of the viewer's addresses; when it was the default, the newest other becomes the default. */
  async remove(ctx: RequestContext, id: unknown): Promise<void> {
    const viewer = requireViewer(ctx);
    if (!isUuid(id)) throw notFound();
    await ctx.em.transactional(async (em) => {
      await em.findOneOrFail(User, { id: viewer.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const address = await em.findOne(SavedAddress, { id, user: viewer.id });
      if (!address) throw notFound();
      em.remove(address);
      await em.flush();
      if (address.isDefault) {
        const next = await em.findOne(SavedAddress, { user: viewer.id }, { orderBy: { createdAt: 'desc', id: 'asc' } });
        if (next) next.isDefault = true;
        await em.flush();
      }
    });
  },
};
