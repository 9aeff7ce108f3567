/**
 * The emergency takeover as the totems draw it (emergency alerts, decision 012), from props only:
 * white on the template's colour, French and English together, the pictogram, the image (the
 * evacuation map), the time since the start; the generic screen naming an alert whose template
 * the totem lacks; the drill's EXERCICE / DRILL bands; the end screen ("Fin de l’alerte" or the
 * template's end text, "Fin de l’exercice" above it after a drill, and "touch to continue").
 *
 * Both apps draw it with this one component: the kiosk's takeover
 * (apps/kiosk/src/features/emergency-alert) renders it full screen and adds the behaviour — the
 * alert store, the alarm tone, the timers, the focus, the dismissal, the dialog's semantics, which
 * it passes on as the root's attributes and handlers; the back-office's template editor renders it
 * in small inside an `AlertTakeoverFrame` (alert-takeover-frame.tsx), so its preview *is* what the
 * totems show. No text here is translated at run time: a totem shows both languages at once.
 */
import {
  PALETTE,
  type AlertPictogram as PictogramName,
  type PaletteColour,
} from '@plant-kiosk/contract';
import type { ComponentPropsWithRef, ElementType } from 'react';
import { AlertPictogramIcon } from './alert-pictogram';
import './alert-takeover.css';

/** The end screen's text when the template has none. */
export const DEFAULT_END = { fr: 'Fin de l’alerte.', en: 'All clear.' };
/** The end of a drill says it was one (issue 41, item 7). */
export const DRILL_END = { fr: 'Fin de l’exercice', en: 'End of drill' };
/** The end screen goes at a touch: it says so. */
export const END_DISMISS = {
  fr: 'Touchez l’écran pour continuer',
  en: 'Touch the screen to continue',
};

/** What an alert in force says: the template's texts, pictogram and image. */
export interface AlertTakeoverContent {
  titleFr: string;
  titleEn: string;
  instructionsFr: string;
  instructionsEn: string;
  pictogram: PictogramName;
  /** The image's URL, resolved by the caller (each app has its own media base); null: none. */
  imageUrl: string | null;
  /** The alert's name, shown under the title when the totem lacks its template (generic screen). */
  missingTemplateName?: string | null;
  /** "Déclenchée à 10:02, depuis 1 min 05 s": the start's clock time and the time since, formatted. */
  started?: { at: string; elapsed: string } | null;
}

/** Which screen: the alert in force (null content: its template still being read), or its end. */
export type AlertTakeoverScreen =
  | { state: 'alert'; content: AlertTakeoverContent | null }
  | { state: 'ended'; endTextFr?: string | null; endTextEn?: string | null };

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type AlertTakeoverProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'style'> & {
  screen: AlertTakeoverScreen;
  /** The template's colour: the background while the alert is in force (the end screen is green). */
  colour: PaletteColour;
  /** A drill: bands at the top and the bottom, and its end screen says so. */
  drill: boolean;
  /** The title's heading level: 1 on a totem, lower where the takeover sits inside a page. */
  headingLevel?: HeadingLevel;
  /** Ids of the title and of the instructions, for a caller that labels a dialog with them. */
  titleId?: string;
  textId?: string;
};

function DrillBand() {
  return (
    <p className="alert-takeover__drill" data-testid="alert-drill">
      <span className="alert-takeover__drill-text">
        <strong>
          <span lang="fr">EXERCICE</span> · <span lang="en">DRILL</span>
        </strong>
        <span lang="fr">Ceci est un exercice</span> / <span lang="en">this is a drill</span>
      </span>
    </p>
  );
}

/** A title in both languages, English below in italics. */
function Title({
  level,
  id,
  fr,
  en,
}: {
  level: HeadingLevel;
  id: string | undefined;
  fr: string;
  en: string;
}) {
  const Heading: ElementType = `h${level}`;
  return (
    <Heading id={id} className="alert-takeover__title">
      <span lang="fr">{fr}</span>
      <span lang="en" className="alert-takeover__en">
        {en}
      </span>
    </Heading>
  );
}

function AlertScreen({
  content,
  colour,
  drill,
  level,
  titleId,
  textId,
}: {
  content: AlertTakeoverContent;
  colour: string;
  drill: boolean;
  level: HeadingLevel;
  titleId: string | undefined;
  textId: string | undefined;
}) {
  return (
    <>
      {drill && <DrillBand />}
      <div className="alert-takeover__head">
        <AlertPictogramIcon name={content.pictogram} className="alert-takeover__pictogram" />
        <div>
          <Title level={level} id={titleId} fr={content.titleFr} en={content.titleEn} />
          {content.missingTemplateName != null && (
            <p className="alert-takeover__name" data-testid="alert-generic">
              « {content.missingTemplateName} »
            </p>
          )}
        </div>
      </div>
      <div id={textId} className="alert-takeover__instructions">
        <p lang="fr">{content.instructionsFr}</p>
        <p lang="en" className="alert-takeover__en">
          {content.instructionsEn}
        </p>
      </div>
      {content.imageUrl && (
        <img
          className="alert-takeover__image"
          src={content.imageUrl}
          alt="Plan / Map"
          style={{ borderColor: colour }}
        />
      )}
      {content.started && (
        <p className="alert-takeover__elapsed" data-testid="alert-elapsed">
          <span lang="fr">
            Déclenchée à {content.started.at}, depuis {content.started.elapsed}
          </span>
          <span lang="en" className="alert-takeover__en">
            Started at {content.started.at}, {content.started.elapsed} ago
          </span>
        </p>
      )}
      {drill && <DrillBand />}
    </>
  );
}

function EndScreen({
  endFr,
  endEn,
  drill,
  level,
  titleId,
}: {
  endFr: string;
  endEn: string;
  drill: boolean;
  level: HeadingLevel;
  titleId: string | undefined;
}) {
  return (
    <div className="alert-takeover__end">
      {drill ? (
        <>
          <Title level={level} id={titleId} fr={DRILL_END.fr} en={DRILL_END.en} />
          {/* The template's own end text still says what to do now ("regagnez votre poste"). */}
          <p className="alert-takeover__end-text" data-testid="alert-end-text">
            <span lang="fr">{endFr}</span>
            <span lang="en" className="alert-takeover__en">
              {endEn}
            </span>
          </p>
        </>
      ) : (
        <Title level={level} id={titleId} fr={endFr} en={endEn} />
      )}
      <p className="alert-takeover__dismiss" data-testid="alert-end-dismiss">
        <span lang="fr">{END_DISMISS.fr}</span>
        <span lang="en" className="alert-takeover__en">
          {END_DISMISS.en}
        </span>
      </p>
    </div>
  );
}

/** The takeover, drawn: its root takes the caller's attributes, ref and handlers. */
export function AlertTakeover({
  screen,
  colour,
  drill,
  headingLevel = 1,
  titleId,
  textId,
  className,
  ...root
}: AlertTakeoverProps) {
  const background = PALETTE[colour] ?? PALETTE.rouge;
  const ended = screen.state === 'ended';
  const classes = ['alert-takeover'];
  if (ended) classes.push('alert-takeover--ended');
  if (drill) classes.push('alert-takeover--drill');
  if (className) classes.push(className);
  return (
    <div {...root} className={classes.join(' ')} style={ended ? undefined : { background }}>
      {screen.state === 'ended' ? (
        <EndScreen
          endFr={screen.endTextFr ?? DEFAULT_END.fr}
          endEn={screen.endTextEn ?? DEFAULT_END.en}
          drill={drill}
          level={headingLevel}
          titleId={titleId}
        />
      ) : screen.content ? (
        <AlertScreen
          content={screen.content}
          colour={background}
          drill={drill}
          level={headingLevel}
          titleId={titleId}
          textId={textId}
        />
      ) : null}
    </div>
  );
}
