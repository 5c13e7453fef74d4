import { useEffect, useState } from 'react';

/** The width below which payments.css stacks each row into a card (kept equal to its @media rule). */
const CARD_LAYOUT_QUERY = '(max-width: 760px)';

/** Whether the payments table shows cards: the virtual list needs the rows' height, which the layout changes. */
export function useCardLayout(): boolean {
  const [isCards, setCards] = useState(() => matchMedia(CARD_LAYOUT_QUERY).matches);
  useEffect(() => {
    const query = matchMedia(CARD_LAYOUT_QUERY);
    const onChange = () => setCards(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return isCards;
}
