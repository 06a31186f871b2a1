/** The cover beside a loan or a hold; decorative, as the card's title names the book. */
export function LoanCover({ image, eager = false }: { image: string; eager?: boolean }) {
  return (
    <img
      src={image}
      alt=""
      width={200}
      height={300}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-[2/3] h-full w-full bg-base-300 object-cover"
    />
  );
}
