// Facts about the firm that are part of the app rather than editable content.
export const FIRM_NAME = 'Meridian Advisory';
export const FIRM_SHORT_DESCRIPTION =
  'Management and strategy consultants helping governments and companies plan, reform and grow.';
