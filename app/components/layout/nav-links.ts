/** The header's grouped links (desktop dropdowns and the phone menu's sections). */
export interface NavLinkItem {
  to: string;
  key: string;
}

export const NEWS_LINKS: NavLinkItem[] = [
  { to: "/news/economic", key: "nav.economicNews" },
  { to: "/news/breaking", key: "nav.breakingNews" },
  { to: "/news/central-bank", key: "nav.centralBankNews" },
];
export const BROKER_LINKS: NavLinkItem[] = [
  { to: "/brokers/recommended", key: "nav.recommendedBrokers" },
  { to: "/brokers/analysis", key: "nav.brokersAnalysis" },
  { to: "/brokers/blacklisted", key: "nav.blacklistedBrokers" },
];
export const ADMIN_LINKS: NavLinkItem[] = [
  { to: "/admin?tab=users", key: "nav.manageUsers" },
  { to: "/admin?tab=content", key: "nav.manageContent" },
  { to: "/admin?tab=newsletter", key: "nav.newsletterManagement" },
  { to: "/admin?tab=settings", key: "nav.siteSettings" },
];
