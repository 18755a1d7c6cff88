// Names of the performance measures the charts record (performance.measure), read by the chart
// benchmark and handy in the devtools' performance panel.

/** A redraw after new data, a zoom or a reset: setData/setScale up to the end of the draw hook. */
export const CHART_DRAW_MEASURE = 'gw-chart-draw';

/** Building a chart: uPlot's constructor, first draw included. */
export const CHART_CREATE_MEASURE = 'gw-chart-create';
