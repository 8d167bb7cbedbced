import type { ArticleInput, BlacklistInput, BrokerInput } from "./types";

/**
 * Demo editorial content for the embedded default (three items per news page, the broker
 * pages). The firms are fictional and their links use the reserved `.example`
 * domain; regulators and central banks are real.
 * `hoursAgo` places each item relative to the first start, so "2 hours ago" reads naturally.
 */
export const SEED_ARTICLES: Array<ArticleInput & { slug: string; hoursAgo: number }> = [
  // Economic News: category and relative time.
  {
    section: "economic",
    slug: "uae-non-oil-sector-extends-expansion",
    title: "UAE non-oil sector extends its expansion as new orders rise",
    category: "Economic Growth",
    hoursAgo: 2,
    excerpt:
      "Purchasing managers report a further rise in new business, with construction, travel and retail leading the non-oil economy.",
    bodyMarkdown: `The UAE's non-oil private sector kept growing this month, according to the latest purchasing managers' survey, with the headline index holding comfortably above the 50 mark that separates expansion from contraction.

## What drove the reading

- **New orders** rose for another month as tourism and construction projects pulled in demand.
- **Employment** edged higher, although firms said hiring remained selective.
- **Input costs** increased at a slower pace, easing pressure on margins.

Economists say the diversification push is visible in the data: activity outside hydrocarbons now accounts for the larger share of output. The main risks they flag are a slowdown in global trade and tighter financing conditions if US rates stay high for longer.

For traders, a firm PMI tends to support banks and real-estate developers listed on the DFM and ADX.`,
  },
  {
    section: "economic",
    slug: "saudi-inflation-stays-contained",
    title: "Saudi inflation stays contained as housing costs cool",
    category: "Inflation",
    hoursAgo: 5,
    excerpt:
      "The General Authority for Statistics reports annual consumer price growth close to 2%, with rents rising more slowly than last year.",
    bodyMarkdown: `Consumer prices in Saudi Arabia rose at a modest annual pace last month, figures from the General Authority for Statistics (GASTAT) show, keeping inflation among the lowest in the G20.

## Housing is still the main driver

Actual rents for housing remained the largest contributor, but their growth slowed compared with the start of the year as new supply reached the market in Riyadh and Jeddah. Food and transport prices were broadly stable.

## Why it matters

Low inflation gives the Saudi Central Bank room to follow the Federal Reserve without squeezing households, and it supports real returns on deposits and sukuk. Analysts expect price growth to stay near current levels while the riyal's peg to the US dollar holds import prices steady.`,
  },
  {
    section: "economic",
    slug: "qatar-lng-expansion-growth-outlook",
    title: "Qatar's LNG expansion underpins the medium-term growth outlook",
    category: "Energy & Trade",
    hoursAgo: 26,
    excerpt:
      "New liquefaction trains are expected to lift export capacity substantially later this decade, supporting fiscal surpluses and investment.",
    bodyMarkdown: `Qatar's planned increase in liquefied natural gas capacity remains the centrepiece of its economic outlook, with new trains at Ras Laffan scheduled to come online in phases over the coming years.

## Long-term contracts

A series of long-term supply agreements with buyers in Asia and Europe has locked in demand for a large part of the additional volume, reducing the risk of a price-driven slowdown.

## Fiscal effects

Higher export volumes are expected to support budget surpluses, giving the government room to invest in non-hydrocarbon sectors such as logistics, tourism and financial services. The Qatar Stock Exchange's energy and industrial names are the most direct beneficiaries.`,
  },
  // Breaking News: LIVE badge, priority urgent, high or medium.
  {
    section: "breaking",
    slug: "opec-plus-output-decision",
    title: "OPEC+ group agrees next month's output levels at online meeting",
    priority: "urgent",
    category: "Oil",
    hoursAgo: 0.5,
    excerpt:
      "Eight member countries confirmed their production plan for next month; Brent crude moved within a narrow range after the announcement.",
    bodyMarkdown: `The eight OPEC+ countries that have been adjusting their voluntary cuts confirmed next month's production levels at their regular online meeting, in line with most analysts' expectations.

Brent crude traded in a narrow range after the statement. Saudi Arabia and the UAE, the group's largest Gulf producers, are the main sources of any added supply.

## What to watch

- Gulf energy stocks, led by Saudi Aramco, on the next trading session.
- The group's next monthly meeting and the full ministerial meeting later in the year.
- Any change in compensation plans for countries that over-produced.`,
  },
  {
    section: "breaking",
    slug: "tasi-banks-lead-trading",
    title: "TASI swings as bank shares lead trading on Tadawul",
    priority: "high",
    category: "Markets",
    hoursAgo: 1.5,
    excerpt:
      "Heavy turnover in the largest lenders moved the Saudi benchmark in both directions during the session.",
    bodyMarkdown: `The Tadawul All Share Index (TASI) moved in both directions during today's session as investors rotated into and out of the kingdom's largest banks.

Turnover was concentrated in a handful of lenders after quarterly results, while petrochemical stocks traded lower with weaker product prices. The index remains within its range of recent months.

Traders should note that Saudi stocks trade Sunday to Thursday, 10:00 to 15:00 Riyadh time, with a closing auction afterwards, and that individual shares are limited to a ±10% daily move.`,
  },
  {
    section: "breaking",
    slug: "dubai-property-transactions-monthly-high",
    title: "Dubai property transactions reach a monthly high",
    priority: "medium",
    category: "Real Estate",
    hoursAgo: 4,
    excerpt:
      "Off-plan sales continued to account for the majority of deals recorded by the Dubai Land Department.",
    bodyMarkdown: `Residential transactions recorded by the Dubai Land Department reached their highest monthly value so far, driven by off-plan sales in master-planned communities.

Developers listed on the Dubai Financial Market have benefited from strong pre-sales, though analysts caution that a large pipeline of completions over the next two years could slow price growth.

Mortgage-financed purchases rose as well, a sign that end-users rather than only investors are entering the market.`,
  },
  // Central Bank News: each item names its bank.
  {
    section: "central-bank",
    slug: "sama-keeps-policy-rates-in-step-with-fed",
    title: "SAMA keeps repo and reverse repo rates in step with the Federal Reserve",
    bankName: "Saudi Central Bank (SAMA)",
    category: "Monetary Policy",
    hoursAgo: 3,
    excerpt:
      "The Saudi Central Bank mirrored the US decision on the same day, as it usually does under the riyal's dollar peg.",
    bodyMarkdown: `The Saudi Central Bank (SAMA) announced its repo and reverse repo rates shortly after the US Federal Reserve's decision, keeping the spread to US rates unchanged.

Because the riyal is pegged at 3.75 per US dollar, SAMA generally moves on the same day and by the same amount as the Fed to keep the peg stable and avoid capital flows driven by rate differentials.

## Market impact

- Bank margins in Saudi Arabia track the direction of policy rates.
- Interbank rates (SAIBOR) adjust within days of the decision.
- Mortgage and corporate loan pricing follows over the following months.`,
  },
  {
    section: "central-bank",
    slug: "cbuae-base-rate-decision",
    title: "CBUAE sets the Base Rate after the Federal Reserve's decision",
    bankName: "Central Bank of the UAE (CBUAE)",
    category: "Monetary Policy",
    hoursAgo: 3.5,
    excerpt:
      "The UAE central bank adjusted the Base Rate applicable to its Overnight Deposit Facility in line with the US move.",
    bodyMarkdown: `The Central Bank of the UAE (CBUAE) announced its Base Rate, applicable to the Overnight Deposit Facility, following the Federal Reserve's latest decision.

The dirham has been pegged at 3.6725 per US dollar for decades, so the CBUAE's policy rate closely follows US monetary policy. The central bank also kept the rate for borrowing short-term liquidity through its standing credit facilities at a fixed spread above the Base Rate.

Banks listed on the DFM and ADX typically react to the decision through expectations for net interest margins.`,
  },
  {
    section: "central-bank",
    slug: "central-bank-of-kuwait-discount-rate",
    title: "Central Bank of Kuwait sets its own course on the discount rate",
    bankName: "Central Bank of Kuwait (CBK)",
    category: "Monetary Policy",
    hoursAgo: 30,
    excerpt:
      "Unlike its neighbours, Kuwait manages the dinar against an undisclosed basket and does not always match US rate moves.",
    bodyMarkdown: `The Central Bank of Kuwait (CBK) announced its discount rate decision independently of the Federal Reserve's timing, reflecting the dinar's management against an undisclosed basket of currencies rather than a single dollar peg.

The CBK has at times moved by less than the Fed, or not at all, to support domestic credit growth while keeping the dinar's value stable.

## Why it matters for investors

- Kuwaiti bank shares on Boursa Kuwait respond to the local rate path, not only to US decisions.
- The KWD/USD rate moves slightly, unlike fully pegged Gulf currencies.`,
  },
  // Brokers Analysis: performance review, regulatory analysis, cost analysis.
  {
    section: "broker-analysis",
    slug: "gulf-broker-performance-review",
    title: "Broker performance review: execution, platforms and support",
    category: "Performance Review",
    hoursAgo: 48,
    excerpt:
      "How the brokers we list compare on execution speed, platform stability, Arabic support and withdrawal times.",
    bodyMarkdown: `We reviewed the brokers on our recommended list across four areas that Gulf traders tell us matter most.

## Execution

Average order execution was measured during the London–New York overlap, when most of our readers trade currencies and gold. All listed brokers filled market orders without requotes in our sample.

## Platforms

MetaTrader 5 remains the most common platform; two brokers also offer proprietary web platforms with Arabic interfaces and direct access to Tadawul and DFM shares.

## Support and withdrawals

Arabic-speaking support during Gulf business hours (Sunday to Thursday) and withdrawals processed within two business days were the clearest differences between brokers.`,
  },
  {
    section: "broker-analysis",
    slug: "broker-regulation-in-the-gulf",
    title: "Regulatory analysis: who supervises brokers in the Gulf",
    category: "Regulatory Analysis",
    hoursAgo: 72,
    excerpt: "SCA, DFSA, FSRA, CMA, QFMA, CBB and others: what each licence means for your money.",
    bodyMarkdown: `Before opening an account, check which authority licenses the broker and for what activity.

## United Arab Emirates

- **SCA** — the Securities and Commodities Authority supervises onshore brokers.
- **DFSA** — regulates firms in the Dubai International Financial Centre and publishes alerts about unauthorised firms, clones and impersonators.
- **FSRA** — regulates firms in Abu Dhabi Global Market.

## Elsewhere in the Gulf

- **Saudi Arabia:** the Capital Market Authority (CMA) names unauthorised firms.
- **Kuwait:** the CMA keeps a list of unlicensed entities.
- **Qatar:** the QFMA and, in the Qatar Financial Centre, the QFCRA.
- **Bahrain:** the Central Bank of Bahrain (CBB) issues consumer alerts.
- **Oman:** the Financial Services Authority (FSA), which replaced the CMA in 2024.
- **Jordan:** the Jordan Securities Commission (JSC).

Always verify a licence on the regulator's own register, not through a link supplied by the firm.`,
  },
  {
    section: "broker-analysis",
    slug: "broker-cost-analysis",
    title: "Cost analysis: spreads, commissions and swap-free fees",
    category: "Cost Analysis",
    hoursAgo: 96,
    excerpt:
      "A low advertised spread is only part of the cost: we compare commissions, overnight fees and Islamic account charges.",
    bodyMarkdown: `The cheapest broker depends on how you trade.

## Spreads and commissions

Raw-spread accounts charge a commission per lot but quote spreads from 0.0 pips on major pairs; standard accounts build the cost into a wider spread. For frequent traders of EUR/USD and gold, raw pricing is usually cheaper.

## Overnight and swap-free costs

Islamic (swap-free) accounts do not charge interest, but some brokers apply a fixed administration fee after a number of nights. Check the schedule before holding positions for weeks.

## Deposits and withdrawals

Deposits in AED or SAR avoid conversion costs; several brokers charge for withdrawals below a minimum amount.`,
  },
];

export const SEED_BROKERS: Array<BrokerInput & { slug: string }> = [
  {
    slug: "falcon-markets",
    name: "Falcon Markets",
    rating: 4.8,
    regulators: ["DFSA", "SCA"],
    minDeposit: "$100",
    spread: "From 0.1 pips",
    features: ["Islamic accounts", "Arabic support", "MetaTrader 5", "Negative balance protection"],
    url: "https://falcon-markets.example",
    description: "Multi-asset broker in the DIFC with swap-free accounts and Arabic-speaking support.",
    sortOrder: 1,
  },
  {
    slug: "oasis-capital-trading",
    name: "Oasis Capital Trading",
    rating: 4.6,
    regulators: ["CMA (Saudi Arabia)", "FSRA"],
    minDeposit: "$250",
    spread: "From 0.3 pips",
    features: ["Tadawul access", "Sukuk", "Zero-commission stocks", "Swap-free"],
    url: "https://oasis-capital.example",
    description: "Saudi and ADGM-licensed broker for Gulf equities, sukuk and currencies.",
    sortOrder: 2,
  },
  {
    slug: "pearl-gulf-securities",
    name: "Pearl Gulf Securities",
    rating: 4.5,
    regulators: ["QFMA", "CBB"],
    minDeposit: "$500",
    spread: "From 0.5 pips",
    features: ["GCC equities", "Research desk", "Mobile app", "Leverage up to 1:30"],
    url: "https://pearl-gulf.example",
    description: "Qatar- and Bahrain-licensed brokerage with daily GCC research.",
    sortOrder: 3,
  },
  {
    slug: "dhow-prime",
    name: "Dhow Prime",
    rating: 4.3,
    regulators: ["FSRA", "FSA (Oman)"],
    minDeposit: "$1,000",
    spread: "From 0.0 pips + commission",
    features: ["Raw spreads", "API trading", "Multi-currency accounts", "Dedicated manager"],
    url: "https://dhow-prime.example",
    description: "Raw-spread pricing and API access for active traders.",
    sortOrder: 4,
  },
];

export const SEED_BLACKLIST: Array<BlacklistInput & { daysAgo: number }> = [
  {
    name: "Gulf Crown FX",
    severity: "urgent",
    daysAgo: 3,
    reason: "Clone of an authorised firm",
    warning:
      "Uses the name, address and reference number of a DFSA-authorised firm to solicit deposits by phone and WhatsApp. Deposits are not returned.",
    regulator: "DFSA alert: clone firm",
  },
  {
    name: "Riyadh Elite Investments",
    severity: "high",
    daysAgo: 12,
    reason: "Unlicensed securities business in Saudi Arabia",
    warning:
      "Promises guaranteed monthly returns on Tadawul shares through social media. It holds no licence to deal in securities in the kingdom.",
    regulator: "CMA (Saudi Arabia) warning: unauthorised entity",
  },
  {
    name: "Emirates Quick Profit Group",
    severity: "urgent",
    daysAgo: 20,
    reason: "Impersonation and fake trading groups",
    warning:
      "Runs Telegram and WhatsApp groups that impersonate well-known brokers and news sites, then asks members to pay 'withdrawal fees' that never release funds.",
    regulator: "SCA warning: unlicensed activity",
  },
  {
    name: "Kuwait Star Trading",
    severity: "medium",
    daysAgo: 45,
    reason: "Withdrawal delays and unclear licensing",
    warning:
      "Clients report withdrawals delayed for weeks and accounts closed after complaints. The firm claims an offshore licence that does not cover Kuwaiti clients.",
    regulator: "CMA (Kuwait) list of unlicensed entities",
  },
];
