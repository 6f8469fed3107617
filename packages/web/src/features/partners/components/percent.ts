/** "12.5 %": a commission percent as the forms take it. */
export const formatPercent = (percent: number) => `${percent} %`;
