/**
 * Where each call of the table of calls is and who may make it: method, path and access by the
 * call's id (its operationId). The smallest part of the table, without zod or texts, so that the
 * web's client imports it at run time cheaply; calls.ts adds each call's documentation and
 * call-schemas.ts its schemas, both keyed by the same ids.
 */

/**
 * Who may make a call (the server checks it before the body is read: 401 without a session, 403 for
 * a wrong role):
 * - public: anyone (a valid token still makes the request a member's: prices);
 * - member: any logged-in account (staff too);
 * - company: a member of a company (main or sub-account; not staff);
 * - main: a company's main account (type 0);
 * - staff: staff or admin;
 * - admin: admin only.
 */
export type Access = 'public' | 'member' | 'company' | 'main' | 'staff' | 'admin';
/** The back office's two roles: 'staff' = staff or admin; 'admin' = admin only. */
export type AdminRole = 'staff' | 'admin';

export interface CallRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: Access;
}

export const CALL_ROUTES = {
  healthz: { method: 'GET', path: '/healthz', access: 'public' },
  readyz: { method: 'GET', path: '/readyz', access: 'public' },
  login: { method: 'POST', path: '/api/login', access: 'public' },
  logout: { method: 'POST', path: '/api/logout', access: 'member' },
  checkLicense: { method: 'GET', path: '/api/checkLicense', access: 'public' },
  mobileVerification: { method: 'GET', path: '/api/mobileVerification', access: 'public' },
  checkAuthCode: { method: 'GET', path: '/api/checkAuthCode', access: 'public' },
  mobileVerificationInq: { method: 'GET', path: '/api/mobileVerificationInq', access: 'public' },
  findMemberId: { method: 'GET', path: '/api/findMemberId', access: 'public' },
  findMemberPw: { method: 'POST', path: '/api/findMemberPw', access: 'public' },
  join: { method: 'POST', path: '/api/join', access: 'public' },
  chatJoin: { method: 'POST', path: '/api/chatJoin', access: 'public' },
  getMallConfig: { method: 'POST', path: '/api/getMallConfig', access: 'public' },
  getProductHome: { method: 'POST', path: '/api/getProductHome', access: 'public' },
  getProductHomeDetail: { method: 'POST', path: '/api/getProductHomeDetail', access: 'public' },
  suggestProducts: { method: 'POST', path: '/api/suggestProducts', access: 'public' },
  getProductInfo: { method: 'POST', path: '/api/getProductInfo', access: 'public' },
  getEpcToProduct: { method: 'POST', path: '/api/getEpcToProduct', access: 'public' },
  getMallNotice: { method: 'POST', path: '/api/getMallNotice', access: 'public' },
  registerInquiry: { method: 'POST', path: '/api/registerInquiry', access: 'public' },
  getCarInfo: { method: 'POST', path: '/api/getCarInfo', access: 'public' },
  addToBuy: { method: 'POST', path: '/api/addToBuy', access: 'company' },
  addToCart: { method: 'POST', path: '/api/addToCart', access: 'company' },
  getMallCartInfo: { method: 'POST', path: '/api/getMallCartInfo', access: 'company' },
  updateCartQuantity: { method: 'POST', path: '/api/updateCartQuantity', access: 'company' },
  getMallOrderInfo: { method: 'POST', path: '/api/getMallOrderInfo', access: 'company' },
  getMallOrderDetail: { method: 'POST', path: '/api/getMallOrderDetail', access: 'company' },
  resolveQuickOrder: { method: 'POST', path: '/api/resolveQuickOrder', access: 'company' },
  addQuickOrderToCart: { method: 'POST', path: '/api/addQuickOrderToCart', access: 'company' },
  reorder: { method: 'POST', path: '/api/reorder', access: 'company' },
  requestPaymentProduct: { method: 'POST', path: '/api/requestPaymentProduct', access: 'company' },
  cancelMallOrder: { method: 'POST', path: '/api/cancelMallOrder', access: 'company' },
  returnMallOrder: { method: 'POST', path: '/api/returnMallOrder', access: 'company' },
  adminSetOrderStatus: { method: 'POST', path: '/api/admin/setOrderStatus', access: 'staff' },
  adminGetOrderEvents: { method: 'POST', path: '/api/admin/getOrderEvents', access: 'staff' },
  getMyShippingInfo: { method: 'POST', path: '/api/getMyShippingInfo', access: 'company' },
  setMallShppingInfo: { method: 'POST', path: '/api/setMallShppingInfo', access: 'company' },
  setMallShippingBasic: { method: 'POST', path: '/api/setMallShippingBasic', access: 'company' },
  stateShippingInfo: { method: 'POST', path: '/api/stateShippingInfo', access: 'company' },
  getDeliInfo: { method: 'POST', path: '/api/getDeliInfo', access: 'company' },
  updateMyInfo: { method: 'POST', path: '/api/updateMyInfo', access: 'member' },
  updateMyPassword: { method: 'POST', path: '/api/updateMyPassword', access: 'member' },
  updateMyCompanyInfo: { method: 'POST', path: '/api/updateMyCompanyInfo', access: 'main' },
  getMyVehicles: { method: 'POST', path: '/api/getMyVehicles', access: 'company' },
  saveMyVehicle: { method: 'POST', path: '/api/saveMyVehicle', access: 'company' },
  removeMyVehicle: { method: 'POST', path: '/api/removeMyVehicle', access: 'company' },
  getMallMemberInfo: { method: 'POST', path: '/api/getMallMemberInfo', access: 'main' },
  setMallMemberInfo: { method: 'POST', path: '/api/setMallMemberInfo', access: 'main' },
  setMallMemberType: { method: 'POST', path: '/api/setMallMemberType', access: 'main' },
  stateMemberInfo: { method: 'POST', path: '/api/stateMemberInfo', access: 'main' },
  initMallMemberPw: { method: 'POST', path: '/api/initMallMemberPw', access: 'main' },
  updateSecurityNumber: { method: 'POST', path: '/api/updateSecurityNumber', access: 'main' },
  WithdrawMember: { method: 'POST', path: '/api/WithdrawMember', access: 'company' },
  withdrawCheck: { method: 'POST', path: '/api/withdrawCheck', access: 'company' },
  showCashPaymentWinow: { method: 'POST', path: '/payCenter/showCashPaymentWinow', access: 'main' },
  showLicensePaymentWinow: { method: 'POST', path: '/payCenter/showLicensePaymentWinow', access: 'main' },
  paymentCallback: { method: 'POST', path: '/payCenter/callback', access: 'public' },
  tossWebhook: { method: 'POST', path: '/payCenter/toss/webhook', access: 'public' },
  mallCashPaymentInfo: { method: 'POST', path: '/api/mallCashPaymentInfo', access: 'main' },
  mallLicensePaymentInfo: { method: 'POST', path: '/api/mallLicensePaymentInfo', access: 'main' },
  mallPendingTransfers: { method: 'POST', path: '/api/mallPendingTransfers', access: 'main' },
  mallPaymentStatus: { method: 'POST', path: '/api/mallPaymentStatus', access: 'main' },
  initEpc: { method: 'POST', path: '/epc/initEpc', access: 'company' },
  getUserSearchHistory: { method: 'POST', path: '/epc/getUserSearchHistory', access: 'company' },
  getCarsVinEx: { method: 'POST', path: '/epc/getCarsVinEx', access: 'company' },
  getCarsGroupEx: { method: 'POST', path: '/epc/getCarsGroupEx', access: 'company' },
  getCarsConfigEx: { method: 'POST', path: '/epc/getCarsConfigEx', access: 'company' },
  getCarsStructureEx: { method: 'POST', path: '/epc/getCarsStructureEx', access: 'company' },
  getCarsPartsEx: { method: 'POST', path: '/epc/getCarsPartsEx', access: 'company' },
  getCarsSearchHotKey: { method: 'POST', path: '/epc/getCarsSearchHotKey', access: 'company' },
  getCarsReplace: { method: 'POST', path: '/epc/getCarsReplace', access: 'company' },
  searchParts: { method: 'POST', path: '/epc/searchParts', access: 'company' },
  chatFileLink: { method: 'POST', path: '/api/chatFileLink', access: 'member' },
  // Any session: staff are refused by the call itself, with what the QR login is for (docs/requirements.md#qr-login).
  qrcodeLoginCode: { method: 'POST', path: '/api/qrcodeLoginCode', access: 'member' },
  qrcodeLogin: { method: 'POST', path: '/api/qrcodeLogin', access: 'public' },
  uploadChatFile: { method: 'POST', path: '/uploadChatFile', access: 'company' },
  uploadChatFiles: { method: 'POST', path: '/uploadChatFiles', access: 'staff' },
  devOutbox: { method: 'GET', path: '/dev/outbox', access: 'public' },
  adminDashboard: { method: 'POST', path: '/api/admin/dashboard', access: 'staff' },
  adminOrderList: { method: 'POST', path: '/api/admin/orderList', access: 'staff' },
  adminOrderDetail: { method: 'POST', path: '/api/admin/orderDetail', access: 'staff' },
  adminOrderExport: { method: 'POST', path: '/api/admin/orderExport', access: 'staff' },
  adminBulkShipConfirm: { method: 'POST', path: '/api/admin/bulkShipConfirm', access: 'staff' },
  adminCompanyList: { method: 'POST', path: '/api/admin/companyList', access: 'staff' },
  adminCompanyDetail: { method: 'POST', path: '/api/admin/companyDetail', access: 'staff' },
  adminSetMemberStatus: { method: 'POST', path: '/api/admin/setMemberStatus', access: 'staff' },
  adminSetCompanyLevel: { method: 'POST', path: '/api/admin/setCompanyLevel', access: 'admin' },
  adminAdjustCash: { method: 'POST', path: '/api/admin/adjustCash', access: 'admin' },
  adminAdjustLicense: { method: 'POST', path: '/api/admin/adjustLicense', access: 'admin' },
  adminPaymentList: { method: 'POST', path: '/api/admin/paymentList', access: 'staff' },
  adminConfirmDeposit: { method: 'POST', path: '/api/admin/confirmDeposit', access: 'staff' },
  adminProductList: { method: 'POST', path: '/api/admin/productList', access: 'staff' },
  adminProductDetail: { method: 'POST', path: '/api/admin/productDetail', access: 'staff' },
  adminSaveProduct: { method: 'POST', path: '/api/admin/saveProduct', access: 'staff' },
  adminChangeStock: { method: 'POST', path: '/api/admin/changeStock', access: 'staff' },
  adminUploadProductImage: { method: 'POST', path: '/api/admin/uploadProductImage', access: 'staff' },
  adminRemoveProductImage: { method: 'POST', path: '/api/admin/removeProductImage', access: 'staff' },
  adminImportProducts: { method: 'POST', path: '/api/admin/importProducts', access: 'staff' },
  adminProductExport: { method: 'POST', path: '/api/admin/productExport', access: 'staff' },
  adminNoticeList: { method: 'POST', path: '/api/admin/noticeList', access: 'staff' },
  adminNoticeDetail: { method: 'POST', path: '/api/admin/noticeDetail', access: 'staff' },
  adminSaveNotice: { method: 'POST', path: '/api/admin/saveNotice', access: 'staff' },
  adminInquiryList: { method: 'POST', path: '/api/admin/inquiryList', access: 'staff' },
  adminAnswerInquiry: { method: 'POST', path: '/api/admin/answerInquiry', access: 'staff' },
  adminCloseInquiry: { method: 'POST', path: '/api/admin/closeInquiry', access: 'staff' },
  adminGetConfig: { method: 'POST', path: '/api/admin/getConfig', access: 'admin' },
  adminSaveConfig: { method: 'POST', path: '/api/admin/saveConfig', access: 'admin' },
  adminStaffList: { method: 'POST', path: '/api/admin/staffList', access: 'admin' },
  adminCreateStaff: { method: 'POST', path: '/api/admin/createStaff', access: 'admin' },
  adminResetStaffPassword: { method: 'POST', path: '/api/admin/resetStaffPassword', access: 'admin' },
  adminSetStaffStatus: { method: 'POST', path: '/api/admin/setStaffStatus', access: 'admin' },
  adminAuditList: { method: 'POST', path: '/api/admin/auditList', access: 'admin' },
  adminUploadCatalogue: { method: 'POST', path: '/api/admin/uploadCatalogue', access: 'admin' },
  adminJobList: { method: 'POST', path: '/api/admin/jobList', access: 'staff' },
  adminRetryJob: { method: 'POST', path: '/api/admin/retryJob', access: 'staff' },
  adminXrefList: { method: 'POST', path: '/api/admin/xrefList', access: 'staff' },
  adminSaveXref: { method: 'POST', path: '/api/admin/saveXref', access: 'staff' },
  adminDeleteXref: { method: 'POST', path: '/api/admin/deleteXref', access: 'staff' },
  adminImportXrefs: { method: 'POST', path: '/api/admin/importXrefs', access: 'staff' },
  adminSynonymList: { method: 'POST', path: '/api/admin/synonymList', access: 'staff' },
  adminSaveSynonym: { method: 'POST', path: '/api/admin/saveSynonym', access: 'staff' },
  adminDeleteSynonym: { method: 'POST', path: '/api/admin/deleteSynonym', access: 'staff' },
  orderStatement: { method: 'GET', path: '/api/orderStatement', access: 'member' },
  monthlyStatement: { method: 'GET', path: '/api/monthlyStatement', access: 'member' },
  getCashLedger: { method: 'POST', path: '/api/getCashLedger', access: 'main' },
  cashLedgerExport: { method: 'GET', path: '/api/cashLedgerExport', access: 'main' },
  getTaxInvoices: { method: 'POST', path: '/api/getTaxInvoices', access: 'main' },
  adminTaxInvoiceList: { method: 'POST', path: '/api/admin/taxInvoiceList', access: 'staff' },
  adminRetryTaxInvoice: { method: 'POST', path: '/api/admin/retryTaxInvoice', access: 'staff' },
  adminCancelTaxInvoice: { method: 'POST', path: '/api/admin/cancelTaxInvoice', access: 'staff' },
  adminSetCompanyInvoiceInfo: { method: 'POST', path: '/api/admin/setCompanyInvoiceInfo', access: 'staff' },
  // tracking: carrier tracking of shipped orders (docs/requirements.md#shipping-and-tracking)
  getOrderTracking: { method: 'POST', path: '/api/getOrderTracking', access: 'member' },
  trackingWebhook: { method: 'POST', path: '/api/trackingWebhook', access: 'public' },
  // The member area's 배송 현황 (docs/requirements.md#member-area)
  getMallShipmentCounts: { method: 'GET', path: '/api/getMallShipmentCounts', access: 'company' },
  // notify: '알림 설정' (docs/requirements.md#notifications)
  getNotifySettings: { method: 'POST', path: '/api/getNotifySettings', access: 'member' },
  setNotifySettings: { method: 'POST', path: '/api/setNotifySettings', access: 'member' },
  notifyPhoneCode: { method: 'POST', path: '/api/notifyPhoneCode', access: 'member' },
  // buyer22: 관심상품 and 재입고 알림 (docs/requirements.md#favourites)
  getFavorites: { method: 'POST', path: '/api/getFavorites', access: 'company' },
  setFavorite: { method: 'POST', path: '/api/setFavorite', access: 'company' },
  getProductMarks: { method: 'POST', path: '/api/getProductMarks', access: 'company' },
  setRestockAlert: { method: 'POST', path: '/api/setRestockAlert', access: 'company' },
  setCartLineJobRef: { method: 'POST', path: '/api/setCartLineJobRef', access: 'company' },
  // credit: 외상, the monthly close, receivables and deposits (docs/requirements.md#credit)
  getCreditSummary: { method: 'POST', path: '/api/getCreditSummary', access: 'company' },
  getStatements: { method: 'POST', path: '/api/getStatements', access: 'company' },
  statementPdf: { method: 'GET', path: '/api/statementPdf', access: 'member' },
  payStatement: { method: 'POST', path: '/api/payStatement', access: 'company' },
  adminSetCreditAccount: { method: 'POST', path: '/api/admin/setCreditAccount', access: 'admin' },
  adminGetCreditAccount: { method: 'POST', path: '/api/admin/getCreditAccount', access: 'staff' },
  adminPaymentTerms: { method: 'POST', path: '/api/admin/paymentTerms', access: 'staff' },
  adminSavePaymentTerm: { method: 'POST', path: '/api/admin/savePaymentTerm', access: 'admin' },
  adminLiftCreditHold: { method: 'POST', path: '/api/admin/liftCreditHold', access: 'staff' },
  adminPayStatementFromCash: { method: 'POST', path: '/api/admin/payStatementFromCash', access: 'staff' },
  adminReceivablesAging: { method: 'POST', path: '/api/admin/receivablesAging', access: 'staff' },
  adminReceivablesAgingExport: { method: 'POST', path: '/api/admin/receivablesAgingExport', access: 'staff' },
  adminCloseMonth: { method: 'POST', path: '/api/admin/closeMonth', access: 'admin' },
  adminPreviewStatement: { method: 'POST', path: '/api/admin/previewStatement', access: 'staff' },
  adminResendStatement: { method: 'POST', path: '/api/admin/resendStatement', access: 'staff' },
  adminStatementList: { method: 'POST', path: '/api/admin/statementList', access: 'staff' },
  adminRecordDeposit: { method: 'POST', path: '/api/admin/recordDeposit', access: 'staff' },
  adminImportDeposits: { method: 'POST', path: '/api/admin/importDeposits', access: 'staff' },
  adminDepositQueue: { method: 'POST', path: '/api/admin/depositQueue', access: 'staff' },
  adminAssignDeposit: { method: 'POST', path: '/api/admin/assignDeposit', access: 'staff' },
  adminDismissDeposit: { method: 'POST', path: '/api/admin/dismissDeposit', access: 'staff' },
  adminRestoreDeposit: { method: 'POST', path: '/api/admin/restoreDeposit', access: 'staff' },
} as const satisfies Record<string, CallRoute>;

export type CallId = keyof typeof CALL_ROUTES;

/** The back office's calls: the table's entries named `admin…`, by their short name ('adjustCash'). */
type AdminCallId = Extract<CallId, `admin${string}`>;
type ShortName<I> = I extends `admin${infer R}` ? Uncapitalize<R> : never;
export type AdminCall = ShortName<AdminCallId>;

/**
 * The back office's permission table, derived from CALL_ROUTES (the one source): each admin call's path
 * and role by its short name, the name the audit log records and the web's menu uses.
 */
export const ADMIN_CALLS = Object.fromEntries(
  (Object.entries(CALL_ROUTES) as [CallId, CallRoute][])
    .filter(([id]) => id.startsWith('admin'))
    .map(([id, e]) => [id.charAt(5).toLowerCase() + id.slice(6), { id, path: e.path, role: e.access as AdminRole }]),
) as {
  readonly [I in AdminCallId as ShortName<I>]: {
    readonly id: I;
    readonly path: (typeof CALL_ROUTES)[I]['path'];
    readonly role: AdminRole;
  };
};

/** Whether a role may make a call of the back office. */
export function mayCall(role: string | null | undefined, call: AdminCall): boolean {
  if (role === 'admin') return true;
  return role === 'staff' && ADMIN_CALLS[call].role === 'staff';
}
