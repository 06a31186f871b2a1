/**
 * The desk's Scan tab (docs/product/desk.md): one field that keeps the focus. A USB scanner types
 * the number and presses Enter, so the field is all it needs. A card opens its member; copies
 * scanned next are lent to them; with no member open, a scanned copy is checked in. Each result
 * is listed in words: a check-in says the fine it charged and where the copy goes next. An open
 * member shows what they owe, what accrues, their overdue loans and their membership's end, and
 * the desk takes a payment or renews the membership there (MemberAccount, as the Members tab). Scans are handled one after another, in the order they came, however fast
 * a scanner sends them. These are changes made by the librarian's scans, not page data, so they
 * call the API from the handler rather than through the route's loader.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { BARCODE_PATTERN, type DeskCard } from '../../../../common/copies.ts';
import { apiFailure } from '../../../lib/api-client.ts';
import { tPages } from '../../../lib/page-texts.ts';
import { formatDate, formatInstant } from '../../../lib/dates.ts';
import { formatTaka } from '../../../lib/i18n.ts';
import { checkInCopy, checkOutCopy, openCard } from '../api/lending-api.ts';
import { MemberAccount } from './member-account.tsx';

interface ScanResult {
  id: number;
  tone: 'success' | 'error' | 'info';
  text: string;
}

const texts = () => tPages.lendingTexts;

function refusalText(code: string, error: unknown): string {
  const failure = apiFailure(error);
  const reason = (failure.code && texts().refusals[failure.code]) || texts().failed;
  return texts().refused(code, reason);
}

/** What the member owes and accrues, their overdue loans, and whether their membership ended. */
function MemberMoney({ card, onChanged }: { card: DeskCard; onChanged: () => void }) {
  const money = tPages.finesTexts;
  const overdue = card.loans.filter((loan) => loan.overdue).length;
  return (
    <div className="rounded-box bg-base-200 p-3" data-testid="scan-money">
      <MemberAccount
        member={{
          _id: card.member._id,
          name: card.member.name,
          balance: card.fines.balance,
          expiresOn: card.member.expiresOn,
        }}
        scan={{ onChanged }}
      >
        {card.member.expired && <span className="badge badge-error">{money.membershipEnded}</span>}
        {card.fines.accruing > 0 && (
          <span>
            {money.accruingNow}:{' '}
            <strong className="text-error">{formatTaka(card.fines.accruing)}</strong>
          </span>
        )}
        {overdue > 0 && (
          <span className="font-semibold text-error">{tPages.deskTexts.overdueNow(overdue)}</span>
        )}
      </MemberAccount>
    </div>
  );
}

function MemberCard({
  card,
  onClose,
  onChanged,
}: {
  card: DeskCard;
  onClose: () => void;
  onChanged: () => void;
}) {
  const words = texts();
  return (
    <section
      aria-label={words.memberHeading}
      className="card card-border border-base-300 bg-base-100"
      data-testid="scan-member"
    >
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 className="card-title text-xl break-words">{card.member.name}</h2>
            <p className="text-sm text-base-content/80">
              {words.cardNumber(card.member.cardNumber)} · {card.member.email}
            </p>
          </div>
          {card.member.blocked && <span className="badge badge-error">{words.blocked}</span>}
          <button type="button" className="btn btn-sm btn-outline" onClick={onClose}>
            {words.closeMember}
          </button>
        </div>
        <MemberMoney key={card.member._id} card={card} onChanged={onChanged} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <h3 className="font-semibold">{words.loansHeading}</h3>
            <ul className="text-sm">
              {card.loans.length === 0 && <li className="text-base-content/70">{words.none}</li>}
              {card.loans.map((loan) => (
                <li key={loan._id} className={loan.overdue ? 'text-error' : undefined}>
                  {loan.bookDetails.name} ({loan.barcode}), {words.due(formatDate(loan.returnDate))}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">{words.holdsHeading}</h3>
            <ul className="text-sm">
              {card.holds.length === 0 && <li className="text-base-content/70">{words.none}</li>}
              {card.holds.map((hold) => (
                <li key={hold._id}>
                  {hold.bookDetails.name},{' '}
                  {hold.status === 'ready' && hold.readyUntil
                    ? words.holdReady(formatInstant(hold.readyUntil))
                    : words.holdWaiting(hold.position ?? 0)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ScanPanel() {
  const words = texts();
  const field = useRef<HTMLInputElement>(null);
  const [member, setMember] = useState<DeskCard | null>(null);
  const memberRef = useRef<DeskCard | null>(null);
  const [results, setResults] = useState<ScanResult[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const counter = useRef(0);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'unavailable'>('off');
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | null>(null);

  const report = useCallback((tone: ScanResult['tone'], text: string) => {
    counter.current += 1;
    const id = counter.current;
    setResults((shown) => [{ id, tone, text }, ...shown].slice(0, 50));
  }, []);

  const show = useCallback((card: DeskCard | null) => {
    memberRef.current = card;
    setMember(card);
  }, []);

  /** A card opens its member; answers false when no member has this number. */
  const tryCard = useCallback(
    async (code: string) => {
      try {
        const card = await openCard(code);
        show(card);
        report('info', words.opened(card.member.name));
        return true;
      } catch (error) {
        if (apiFailure(error).code === 'MEMBER_NOT_FOUND') return false;
        throw error;
      }
    },
    [report, show, words],
  );

  const lend = useCallback(
    async (card: DeskCard, code: string) => {
      try {
        const { loan } = await checkOutCopy(card.member.cardNumber, code);
        report(
          'success',
          words.lent(loan.bookDetails.name, loan.barcode ?? code, formatDate(loan.returnDate)),
        );
        show(await openCard(card.member.cardNumber));
      } catch (error) {
        // Not a copy: perhaps the next member's card.
        if (apiFailure(error).code === 'COPY_NOT_FOUND' && (await tryCard(code))) return;
        report('error', refusalText(code, error));
      }
    },
    [report, show, tryCard, words],
  );

  const checkIn = useCallback(
    async (code: string) => {
      try {
        const { loan, fine, hold, shelfMark } = await checkInCopy(code);
        report('success', words.checkedIn(loan.bookDetails.name, loan.barcode ?? code));
        if (fine) report('info', words.fineCharged(formatTaka(fine.amount), loan.bookDetails.name));
        report(
          'info',
          hold
            ? words.holdShelf(hold.memberName, hold.cardNumber, formatInstant(hold.readyUntil))
            : words.backToShelf(shelfMark),
        );
      } catch (error) {
        report('error', refusalText(code, error));
      }
    },
    [report, words],
  );

  const handle = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!code) return;
      if (!BARCODE_PATTERN.test(code)) {
        report('error', words.refused(code, words.refusals.VALIDATION ?? words.failed));
        return;
      }
      try {
        const open = memberRef.current;
        if (open) await lend(open, code);
        else if (!(await tryCard(code))) await checkIn(code);
      } catch (error) {
        report('error', refusalText(code, error));
      }
    },
    [checkIn, lend, report, tryCard, words],
  );

  /**
   * The open member read again after a payment or renewal taken for them; the field takes the
   * focus back (the button pressed was disabled while it ran), ready for the next scan.
   */
  const reopen = useCallback(() => {
    const open = memberRef.current;
    if (!open) return;
    queue.current = queue.current.then(async () => {
      try {
        show(await openCard(open.member.cardNumber));
      } catch (error) {
        report('error', refusalText(open.member.cardNumber, error));
      }
      field.current?.focus();
    });
  }, [report, show]);

  const scan = useCallback(
    (raw: string) => {
      queue.current = queue.current.then(() => handle(raw));
    },
    [handle],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = field.current;
    if (!input) return;
    scan(input.value);
    input.value = '';
  };

  // The field keeps the focus: a scanner types wherever the focus is.
  const refocus = () => {
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) field.current?.focus();
    }, 0);
  };

  useEffect(() => () => stopCamera.current?.(), []);

  const toggleCamera = async () => {
    if (stopCamera.current) {
      stopCamera.current();
      stopCamera.current = null;
      setCamera('off');
      field.current?.focus();
      return;
    }
    setCamera('starting');
    try {
      const { startCameraScanner } = await import('../lib/camera-scanner.ts');
      if (!video.current) throw new Error('no video element');
      stopCamera.current = await startCameraScanner(video.current, scan);
      setCamera('on');
    } catch {
      setCamera('unavailable');
    }
    field.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="desk-scan" className="font-semibold">
          {words.scanLabel}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="desk-scan"
            ref={field}
            className="input input-lg min-w-0 flex-1 basis-full font-mono sm:basis-0"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            aria-describedby="desk-scan-hint"
            onBlur={refocus}
          />
          <button type="submit" className="btn btn-lg btn-primary">
            {words.scanSubmit}
          </button>
          <button
            type="button"
            className="btn btn-lg btn-outline"
            onClick={() => void toggleCamera()}
            disabled={camera === 'starting'}
          >
            {camera === 'on' ? words.cameraStop : words.camera}
          </button>
        </div>
        <p id="desk-scan-hint" className="text-sm text-base-content/80">
          {words.scanHint}
        </p>
        {camera === 'unavailable' && (
          <p role="alert" className="text-sm text-error">
            {words.cameraUnavailable}
          </p>
        )}
        <video
          ref={video}
          muted
          playsInline
          className={camera === 'on' ? 'w-full max-w-md rounded-box' : 'hidden'}
        />
      </form>
      {member ? (
        <MemberCard
          card={member}
          onChanged={reopen}
          onClose={() => {
            show(null);
            field.current?.focus();
          }}
        />
      ) : (
        <p className="text-base-content/80">{words.noMember}</p>
      )}
      <section aria-labelledby="desk-scan-results">
        <h2 id="desk-scan-results" className="mb-2 text-lg font-semibold">
          {words.resultsHeading}
        </h2>
        {results.length === 0 ? (
          <p className="text-base-content/70">{words.noResults}</p>
        ) : (
          <ol aria-live="polite" className="flex flex-col gap-1" data-testid="scan-results">
            {results.map((result) => (
              <li
                key={result.id}
                className={`rounded-field border-l-4 px-3 py-1 break-words ${
                  result.tone === 'success'
                    ? 'border-success'
                    : result.tone === 'error'
                      ? 'border-error'
                      : 'border-info'
                }`}
              >
                {result.text}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
