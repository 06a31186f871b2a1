import type { Category } from '../../../../common/constants.ts';
import { BookCover } from '../../../components/covers/book-cover.tsx';

interface LoanCoverProps {
  name: string;
  category: Category;
  image: string;
  eager?: boolean;
}

/** The cover beside a loan or a hold; decorative, as the card's title names the book. */
export function LoanCover({ name, category, image, eager = false }: LoanCoverProps) {
  return (
    <BookCover
      name={name}
      category={category}
      image={image}
      eager={eager}
      decorative
      className="h-full"
    />
  );
}
