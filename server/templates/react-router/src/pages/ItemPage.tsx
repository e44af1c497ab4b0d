import { Link, useParams } from 'react-router';
import { findItem } from '../data/items.ts';
import NotFoundPage from './NotFoundPage.tsx';

function ItemPage() {
  const { id = '' } = useParams();
  const item = findItem(id);
  if (!item) return <NotFoundPage />;

  return (
    <article>
      <p>
        <Link to="/">&larr; All animals</Link>
      </p>
      <h1>{item.name}</h1>
      <p className="lead">{item.description}</p>
      <dl>
        <dt>Habitat</dt>
        <dd>{item.habitat}</dd>
      </dl>
    </article>
  );
}

export default ItemPage;
