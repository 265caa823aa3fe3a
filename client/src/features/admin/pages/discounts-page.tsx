import { useState, type FormEvent, type ReactElement } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { formatMoney } from '../../../shared/format-money';
import { PageMeta } from '../../../shared/ui/page-meta';
import {
  useAdminDiscountCodesQuery,
  useCreateDiscountCodeMutation,
  useDeactivateDiscountCodeMutation,
  useDiscountCategoriesQuery,
  useUpdateDiscountCodeMutation,
  type AdminDiscountCodeFragment,
} from '../api/discounts.generated';
import { AdminList, Pager } from '../components/admin-list';
import { FormProblems } from '../components/form-problems';
import { PAGE_SIZE } from '../components/use-list-search';
import { discountFormOf, discountInputOf, emptyDiscountForm, type DiscountFormValues } from '../discount-form';

type FieldName = keyof DiscountFormValues;

/** The server's field names (the API's input) against the form's. */
const formFieldOf: Record<string, FieldName> = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  minSubtotalCents: 'minSubtotal',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  maxUses: 'maxUses',
  maxUsesPerCustomer: 'maxUsesPerCustomer',
  categoryIds: 'categoryIds',
  productIds: 'productIds',
  email: 'email',
};

/** '15%' or 'Ksh 500.00 off'. */
function discountText(code: AdminDiscountCodeFragment): string {
  return code.kind === 'percent' ? `${code.value}%` : formatMoney(code.value);
}

function usesText(code: AdminDiscountCodeFragment): string {
  return code.maxUses ? `${code.uses} of ${code.maxUses}` : String(code.uses);
}

function validityText(code: AdminDiscountCodeFragment): string {
  const from = code.startsAt ? `from ${formatDateTime(code.startsAt)}` : '';
  const until = code.endsAt ? `until ${formatDateTime(code.endsAt)}` : '';
  return [from, until].filter(Boolean).join(' ') || 'Always';
}

export function DiscountsPage() {
  const [offset, setOffset] = useState(0);
  const { data, previousData, error, refetch } = useAdminDiscountCodesQuery({
    variables: { limit: PAGE_SIZE, offset },
    fetchPolicy: 'cache-and-network',
  });
  const list = (data ?? previousData)?.adminDiscountCodes;
  const categories = useDiscountCategoriesQuery().data?.categories ?? [];
  const [createCode] = useCreateDiscountCodeMutation();
  const [updateCode] = useUpdateDiscountCodeMutation();
  const [deactivateCode] = useDeactivateDiscountCodeMutation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [form, setForm] = useState<DiscountFormValues>(emptyDiscountForm);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends FieldName>(field: K, value: DiscountFormValues[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  function edit(code: AdminDiscountCodeFragment) {
    setEditingId(code.id);
    setForm(discountFormOf(code));
    setFieldErrors({});
    setProblems([]);
    setNotice(null);
  }

  function reset() {
    setEditingId(null);
    setForm(emptyDiscountForm);
    setFieldErrors({});
    setProblems([]);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      const input = discountInputOf(form);
      const payload =
        editingId === null
          ? (await createCode({ variables: { input } })).data?.createDiscountCode
          : (await updateCode({ variables: { id: editingId, input } })).data?.updateDiscountCode;
      const errors = payload?.errors ?? [];
      const byField: Partial<Record<FieldName, string>> = {};
      const other: string[] = [];
      for (const failure of errors) {
        const field = formFieldOf[failure.field];
        if (field && !byField[field]) byField[field] = failure.message;
        else if (!field) other.push(failure.message);
      }
      setFieldErrors(byField);
      setProblems(other);
      if (payload?.discountCode) {
        setNotice(`Discount code ${payload.discountCode.code} saved.`);
        reset();
        await refetch().catch(() => undefined);
      }
    } catch (failure) {
      setProblems([serverMessageOr(failure, 'Failed to save the discount code')]);
    } finally {
      setSaving(false);
    }
  }

  async function deactivate(code: AdminDiscountCodeFragment) {
    try {
      const { data: answer } = await deactivateCode({ variables: { id: code.id } });
      const failure = answer?.deactivateDiscountCode.errors[0];
      setNotice(failure ? failure.message : `Discount code ${code.code} deactivated.`);
    } catch (failure) {
      setNotice(serverMessageOr(failure, 'Failed to deactivate the discount code'));
    }
  }

  const field = (name: FieldName, label: string, input: ReactElement, hint?: string) => (
    <div className="admin-form__field">
      <label htmlFor={`discount-${name}`}>{label}</label>
      {input}
      {hint ? <small id={`discount-${name}-hint`}>{hint}</small> : null}
      {fieldErrors[name] ? (
        <span id={`discount-${name}-error`} role="alert" className="admin-form__error">
          {fieldErrors[name]}
        </span>
      ) : null}
    </div>
  );
  const textInput = (name: FieldName, props: Record<string, unknown> = {}) => (
    <input
      id={`discount-${name}`}
      value={form[name] as string}
      disabled={saving}
      aria-invalid={fieldErrors[name] ? true : undefined}
      aria-describedby={fieldErrors[name] ? `discount-${name}-error` : undefined}
      onChange={(event) => set(name, event.target.value as never)}
      {...props}
    />
  );

  const actions = (code: AdminDiscountCodeFragment) => (
    <>
      <button type="button" className="button button--outline" onClick={() => edit(code)}>
        Edit <span className="visually-hidden">{code.code}</span>
      </button>{' '}
      {code.active ? (
        <button type="button" className="button button--outline" onClick={() => void deactivate(code)}>
          Deactivate <span className="visually-hidden">{code.code}</span>
        </button>
      ) : null}
    </>
  );

  return (
    <section className="admin-page">
      <PageMeta title="Discount codes" noIndex />
      <h1>Discount codes</h1>
      {notice ? <p role="status">{notice}</p> : null}
      <form
        className="admin-form"
        onSubmit={(event) => void save(event)}
        noValidate
        aria-labelledby="discount-form-heading"
      >
        <h2 id="discount-form-heading">{editingId === null ? 'New discount code' : `Edit ${form.code}`}</h2>
        {field('code', 'Code', textInput('code', { autoCapitalize: 'characters', maxLength: 32 }))}
        {field(
          'kind',
          'Type',
          <select
            id="discount-kind"
            value={form.kind}
            disabled={saving}
            onChange={(event) => set('kind', event.target.value === 'fixed' ? 'fixed' : 'percent')}
          >
            <option value="percent">Percentage</option>
            <option value="fixed">Fixed amount (Ksh)</option>
          </select>,
        )}
        {field(
          'value',
          form.kind === 'percent' ? 'Percentage off' : 'Amount off (Ksh)',
          textInput('value', { inputMode: 'decimal' }),
        )}
        {field('minSubtotal', 'Minimum subtotal (Ksh)', textInput('minSubtotal', { inputMode: 'decimal' }))}
        {field('startsAt', 'Starts', textInput('startsAt', { type: 'datetime-local' }))}
        {field('endsAt', 'Ends', textInput('endsAt', { type: 'datetime-local' }))}
        {field('maxUses', 'Total uses', textInput('maxUses', { inputMode: 'numeric' }), 'Empty: no limit.')}
        {field(
          'maxUsesPerCustomer',
          'Uses per customer',
          textInput('maxUsesPerCustomer', { inputMode: 'numeric' }),
          'Empty: no limit.',
        )}
        <label className="admin-form__check">
          <input
            type="checkbox"
            checked={form.firstOrderOnly}
            disabled={saving}
            onChange={(event) => set('firstOrderOnly', event.target.checked)}
          />{' '}
          First order only
        </label>
        <fieldset className="admin-form__field">
          <legend>Only for these categories</legend>
          {categories.map((category) => (
            <label key={category.id} className="admin-form__check">
              <input
                type="checkbox"
                checked={form.categoryIds.includes(category.id)}
                disabled={saving}
                onChange={(event) =>
                  set(
                    'categoryIds',
                    event.target.checked
                      ? [...form.categoryIds, category.id]
                      : form.categoryIds.filter((id) => id !== category.id),
                  )
                }
              />{' '}
              {category.name}
            </label>
          ))}
          {fieldErrors.categoryIds ? (
            <span role="alert" className="admin-form__error">
              {fieldErrors.categoryIds}
            </span>
          ) : null}
        </fieldset>
        {field(
          'productIds',
          'Only for these product ids',
          textInput('productIds'),
          'Comma-separated. No categories or products: every item.',
        )}
        {field('email', 'Only for the account with e-mail', textInput('email', { type: 'email' }))}
        <label className="admin-form__check">
          <input
            type="checkbox"
            checked={form.active}
            disabled={saving}
            onChange={(event) => set('active', event.target.checked)}
          />{' '}
          Active
        </label>
        <FormProblems label="Problems with the discount code" messages={problems} />
        <p>
          <button type="submit" className="button" disabled={saving}>
            {editingId === null ? 'Create code' : 'Save changes'}
          </button>{' '}
          {editingId !== null ? (
            <button type="button" className="button button--outline" onClick={reset}>
              Cancel
            </button>
          ) : null}
        </p>
      </form>
      <AdminList
        label="Discount codes"
        items={list?.codes}
        error={error}
        failure={serverMessageOr(error, 'Failed to fetch discount codes')}
        empty="No discount codes yet."
        card={(code) => (
          <li key={code.id} aria-label={`Discount code ${code.code}`}>
            <h2>{code.code}</h2>
            <p>
              {discountText(code)} · used {usesText(code)} · {code.active ? 'Active' : 'Inactive'}
            </p>
            <p>{validityText(code)}</p>
            {actions(code)}
          </li>
        )}
        table={{
          columns: ['Code', 'Discount', 'Uses', 'Valid', 'Status', 'Actions'],
          row: (code) => (
            <tr key={code.id}>
              <td>{code.code}</td>
              <td>{discountText(code)}</td>
              <td>{usesText(code)}</td>
              <td>{validityText(code)}</td>
              <td>{code.active ? 'Active' : 'Inactive'}</td>
              <td>{actions(code)}</td>
            </tr>
          ),
        }}
      />
      {list ? (
        <Pager
          noun="discount codes"
          offset={offset}
          shown={list.codes.length}
          total={list.totalCount}
          onOffset={setOffset}
        />
      ) : null}
    </section>
  );
}
