import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page';
import { categoryTitleFromSlug } from '../category-title';

export function CategoryPage() {
  const { category = '' } = useParams<{ category: string }>();
  return <PlaceholderPage title={categoryTitleFromSlug(category)} />;
}
