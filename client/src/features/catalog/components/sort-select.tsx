import { useId } from 'react';
import type { ProductSort } from '../api/category-products.generated';
import type { SortOption } from '../product-list-params';
import './sort-select.css';

interface SortSelectProps {
  label: string;
  options: readonly SortOption[];
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}

export function SortSelect({ label, options, value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const option = options.find((candidate) => candidate.value === event.target.value);
          if (option) onChange(option.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
