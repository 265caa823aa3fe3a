import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../../shared/format-money';
import { SearchIcon } from '../../../shared/ui/icons';
import { useSearchSuggestionsQuery, type SearchSuggestionsQuery } from '../api/search-suggestions.generated';
import { MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH, searchPath } from '../search-text';
import './search-box.css';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SUGGESTION_DEBOUNCE_MS = 200;

interface Suggestion {
  id: string;
  label: string;
  detail: string;
  path: string;
  imageUrl?: string;
}

/**
 * The header's search: a WAI-ARIA combobox (role=combobox on the field, a listbox of suggestions, the highlighted
 * one by aria-activedescendant so focus stays in the field). Arrow keys move through the suggestions, Enter opens
 * the highlighted one or the results page, Escape closes the list (then clears the field). On phones a button
 * reveals the field under the header.
 */
export function SearchBox() {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const formId = `${id}-form`;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  // On the results page the field holds its search.
  const queryOf = (path: string, query: string) =>
    path === '/search' ? (new URLSearchParams(query).get('q') ?? '') : '';
  const [text, setText] = useState(() => queryOf(pathname, search));
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [revealed, setRevealed] = useState(false);

  // Following a link closes the list and the phone's field (state adjusted while rendering, as in the header).
  // Whatever the field held gives way to the new page's search, if any.
  const [location, setLocation] = useState(pathname + search);
  if (location !== pathname + search) {
    setLocation(pathname + search);
    setText(queryOf(pathname, search));
    setOpen(false);
    setActive(-1);
    setRevealed(false);
  }

  const trimmed = text.trim();
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(trimmed), SUGGESTION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);

  const asking = open && debounced.length >= MIN_SEARCH_LENGTH;
  // The last answer, kept while the next one loads (as a query's previousData would be).
  const [answer, setAnswer] = useState<SearchSuggestionsQuery['searchSuggestions']>();
  const found = asking ? answer : undefined;

  const suggestions: Suggestion[] = found
    ? [
        ...found.categories.map((category) => ({
          id: `${id}-category-${category.id}`,
          label: category.name,
          detail: 'Category',
          path: category.path,
        })),
        ...found.products.map((product) => ({
          id: `${id}-product-${product.id}`,
          label: product.name,
          detail: formatMoney(product.effectivePriceCents),
          path: `/product/${product.id}`,
          imageUrl: product.images[0]?.url,
        })),
        { id: `${id}-all`, label: `Search for “${trimmed}”`, detail: 'All results', path: searchPath(trimmed) },
      ]
    : [];
  const expanded = open && trimmed.length >= MIN_SEARCH_LENGTH && suggestions.length > 0;
  const highlighted = expanded && active >= 0 ? suggestions[active] : undefined;

  // New suggestions start with none highlighted.
  const [shownFor, setShownFor] = useState(found?.query);
  if (shownFor !== found?.query) {
    setShownFor(found?.query);
    setActive(-1);
  }

  useEffect(() => {
    if (revealed) inputRef.current?.focus();
  }, [revealed]);

  function go(path: string) {
    setOpen(false);
    setActive(-1);
    // A phone's keyboard goes away with the focus.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    void navigate(path);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (highlighted) go(highlighted.path);
    else if (trimmed) go(searchPath(trimmed));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) setOpen(true);
        if (count > 0) setActive(expanded ? (active + 1) % count : 0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) setOpen(true);
        if (count > 0) setActive(!expanded || active <= 0 ? count - 1 : active - 1);
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        } else if (revealed) {
          setRevealed(false);
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className={revealed ? 'search-box search-box--revealed' : 'search-box'}>
      {/* Mounted only while suggestions are wanted: until then the header sets up no query at all. */}
      {asking ? <SuggestionsQuery q={debounced} onAnswer={setAnswer} /> : null}
      <button
        type="button"
        className="icon-button search-box__toggle"
        aria-label={revealed ? 'Close search' : 'Search'}
        aria-expanded={revealed}
        aria-controls={formId}
        onClick={() => setRevealed(!revealed)}
      >
        <SearchIcon />
      </button>
      <form id={formId} role="search" className="search-box__form" action="/search" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search products and categories
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          type="text"
          role="combobox"
          className="search-box__input"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={highlighted?.id}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Search perfumes"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul id={listboxId} role="listbox" aria-label="Suggestions" className="search-box__listbox" hidden={!expanded}>
          {expanded
            ? suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.id}
                  id={suggestion.id}
                  role="option"
                  aria-selected={index === active}
                  className="search-box__option"
                  // Keeps the focus in the field, so the click below is not lost to a blur closing the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => go(suggestion.path)}
                >
                  {suggestion.imageUrl ? (
                    <img className="search-box__image" src={suggestion.imageUrl} alt="" width={40} height={40} />
                  ) : (
                    <span className="search-box__image search-box__image--none" aria-hidden="true">
                      <SearchIcon size={18} />
                    </span>
                  )}
                  <span className="search-box__text">
                    <span className="search-box__label">{suggestion.label}</span>
                    <span className="search-box__detail">{suggestion.detail}</span>
                  </span>
                </li>
              ))
            : null}
        </ul>
        <p role="status" className="visually-hidden">
          {expanded ? `${suggestions.length - 1} suggestions` : ''}
        </p>
      </form>
    </div>
  );
}

/**
 * The suggestions for `q`, handed up as they arrive. Apollo answers for the latest variables only: an older request
 * still in flight never replaces newer results.
 */
function SuggestionsQuery({
  q,
  onAnswer,
}: {
  q: string;
  onAnswer: (answer: SearchSuggestionsQuery['searchSuggestions']) => void;
}) {
  const { data } = useSearchSuggestionsQuery({ variables: { q } });
  const answer = data?.searchSuggestions;
  useEffect(() => {
    if (answer) onAnswer(answer);
  }, [answer, onAnswer]);
  return null;
}
