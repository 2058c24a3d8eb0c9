import { SearchForm } from '../../components/search-form';

/** The money lists' filter by user (the API's `user`: an id, an email or a referral code). */
export function UserFilter({ value, onFilter }: { value: string; onFilter: (user: string) => void }) {
  return (
    <SearchForm
      name="user"
      label="Filter by user"
      placeholder="User id, email or referral code"
      value={value}
      submitLabel="Filter"
      onSearch={onFilter}
    />
  );
}
