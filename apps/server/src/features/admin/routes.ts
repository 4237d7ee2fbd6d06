import { MSG_ADMIN, MSG_CATALOGUE, seoulDay } from '@partsmall/contract';
import { countOnlineCustomers } from '../chat/index.js';
import { requireStaffId, type Api, type AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, ok, okPage } from '../../shared/http.js';
import { listAudit } from './audit.js';
import { partNumberAdminRoutes } from './part-number-routes.js';
import { uploadCatalogue } from './catalogue.js';
import {
  adjustCash,
  adjustLicense,
  companyDetail,
  listCompanies,
  setCompanyLevel,
  setMemberStatus,
} from './companies.js';
import {
  answerInquiry,
  closeInquiry,
  createStaff,
  dashboard,
  listInquiries,
  listNoticesAdmin,
  listStaff,
  noticeDetailAdmin,
  readConfig,
  resetStaffPassword,
  saveConfig,
  saveNotice,
  setStaffStatus,
} from './content.js';
import { adminListOrders, adminOrderDetail, bulkShipConfirm, exportOrders } from './orders.js';
import { confirmDeposit, depositConfirmedMessage, listPayments } from './payments.js';
import {
  changeStock,
  exportProducts,
  importProducts,
  listProducts,
  productDetail,
  removeProductImage,
  saveProduct,
  uploadProductImage,
} from './products.js';

/**
 * The back office's calls (docs/requirements.md#back-office). Each route takes its path, schemas and access from the table
 * of calls (the `admin…` entries); the access hook answers 401/403 before the body is read. The order
 * moves themselves (adminSetOrderStatus, adminGetOrderEvents) live with the orders feature.
 */
export function adminRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'adminDashboard', async () => ok(await dashboard(db, () => countOnlineCustomers(ctx))));

  // ---- orders
  route(app, 'adminOrderList', async (req) => okPage(await adminListOrders(db, req.body)));
  route(app, 'adminOrderDetail', async (req) => ok(await adminOrderDetail(db, req.body.seq)));
  route(app, 'adminOrderExport', async (req) => {
    const { csv, rows, total, message } = await exportOrders(db, req.body);
    return ok({ filename: `orders-${seoulDay()}.csv`, csv, rows, total }, message);
  });
  route(app, 'adminBulkShipConfirm', async (req) => {
    const result = await bulkShipConfirm(db, ctx.events, requireStaffId(req), req.body.seqs);
    return created(result, MSG_ADMIN.bulkDone(result.moved.length, result.refused.length));
  });

  // ---- members and companies
  route(app, 'adminCompanyList', async (req) => okPage(await listCompanies(db, req.body)));
  route(app, 'adminCompanyDetail', async (req) => ok(await companyDetail(db, req.body.companyId)));
  route(app, 'adminSetMemberStatus', async (req) => {
    await setMemberStatus(db, ctx.realtime, requireStaffId(req), req.body.memberId, req.body.status);
    return created(undefined, MSG_ADMIN.statusChanged);
  });
  route(app, 'adminSetCompanyLevel', async (req) => {
    await setCompanyLevel(db, requireStaffId(req), req.body.companyId, req.body.level);
    return created(undefined, MSG_ADMIN.levelChanged);
  });
  route(app, 'adminAdjustCash', async (req) => {
    const point = await adjustCash(db, ctx.events, requireStaffId(req), req.body);
    const detail = await companyDetail(db, req.body.companyId);
    return created(
      { point, licenseEnd: detail.company.licenseEnd, licenseDays: detail.company.licenseDays },
      MSG_ADMIN.cashAdjusted,
    );
  });
  route(app, 'adminAdjustLicense', async (req) => {
    const result = await adjustLicense(db, ctx.events, requireStaffId(req), req.body);
    return created(result, MSG_ADMIN.licenseAdjusted);
  });

  // ---- payments
  route(app, 'adminPaymentList', async (req) => okPage(await listPayments(db, req.body)));
  route(app, 'adminConfirmDeposit', async (req) => {
    const result = await confirmDeposit(db, ctx.events, requireStaffId(req), req.body.seq);
    return created(result, depositConfirmedMessage(result));
  });

  productAdminRoutes(app, ctx);

  // ---- notices and inquiries
  route(app, 'adminNoticeList', async (req) => okPage(await listNoticesAdmin(db, req.body)));
  route(app, 'adminNoticeDetail', async (req) => ok(await noticeDetailAdmin(db, req.body.seq)));
  route(app, 'adminSaveNotice', async (req) =>
    created(await saveNotice(db, requireStaffId(req), req.body), MSG_ADMIN.saved),
  );
  route(app, 'adminInquiryList', async (req) => okPage(await listInquiries(db, req.body)));
  route(app, 'adminAnswerInquiry', async (req) =>
    created(await answerInquiry(db, requireStaffId(req), req.body.seq, req.body.answer), MSG_ADMIN.saved),
  );
  route(app, 'adminCloseInquiry', async (req) =>
    created(await closeInquiry(db, requireStaffId(req), req.body.seq), MSG_ADMIN.saved),
  );

  // ---- configuration (admin)
  route(app, 'adminGetConfig', async () => ok(await readConfig(db)));
  route(app, 'adminSaveConfig', async (req) =>
    created(await saveConfig(db, requireStaffId(req), req.body), MSG_ADMIN.configVer),
  );

  // ---- staff accounts and audit (admin)
  route(app, 'adminStaffList', async () => ok(await listStaff(db)));
  route(app, 'adminCreateStaff', async (req) =>
    created(await createStaff(db, requireStaffId(req), req.body), MSG_ADMIN.staffCreated),
  );
  route(app, 'adminResetStaffPassword', async (req) =>
    created(await resetStaffPassword(db, ctx.realtime, requireStaffId(req), req.body.seq), MSG_ADMIN.passwordReset),
  );
  route(app, 'adminSetStaffStatus', async (req) => {
    await setStaffStatus(db, ctx.realtime, requireStaffId(req), req.body.seq, req.body.status);
    return created(undefined, MSG_ADMIN.statusChanged);
  });
  route(app, 'adminAuditList', async (req) => okPage(await listAudit(db, req.body)));

  route(
    app,
    'adminUploadCatalogue',
    async (req) => {
      const report = await uploadCatalogue(db, ctx.config.uploadDir, requireStaffId(req), req.body);
      return report.ok
        ? created(report, MSG_CATALOGUE.imported(report.mcid ?? '', report.version ?? 0))
        : ok(report, MSG_CATALOGUE.refused);
    },
    { bodyLimit: 60 * 1024 * 1024 },
  );

  partNumberAdminRoutes(app, ctx);
}

/** The back office's product calls: the list, one product, its save, stock and images, and the CSVs. */
function productAdminRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  route(app, 'adminProductList', async (req) => okPage(await listProducts(db, req.body)));
  route(app, 'adminProductDetail', async (req) => ok(await productDetail(db, req.body.seq)));
  route(app, 'adminSaveProduct', async (req) =>
    created(await saveProduct(db, requireStaffId(req), req.body), MSG_ADMIN.saved),
  );
  route(app, 'adminChangeStock', async (req) => {
    await changeStock(db, requireStaffId(req), req.body);
    return created(await productDetail(db, req.body.seq), MSG_ADMIN.stockChanged);
  });
  route(
    app,
    'adminUploadProductImage',
    async (req) =>
      created(await uploadProductImage(db, ctx.config.uploadDir, requireStaffId(req), req.body), MSG_ADMIN.imageAdded),
    { bodyLimit: 15 * 1024 * 1024 },
  );
  route(app, 'adminRemoveProductImage', async (req) =>
    created(await removeProductImage(db, ctx.config.uploadDir, requireStaffId(req), req.body), MSG_ADMIN.imageRemoved),
  );
  route(
    app,
    'adminImportProducts',
    async (req) => {
      const result = await importProducts(db, requireStaffId(req), req.body.csv, req.body.commit);
      // An update line that changes nothing is left as it is (product-csv.ts), so not counted as 수정.
      const updates = result.rows.filter((r) => r.action === 'update');
      const unchanged = updates.filter((r) => r.changes.length === 0).length;
      const message = result.committed
        ? MSG_ADMIN.csvImported(result.rows.length - updates.length, updates.length - unchanged, unchanged)
        : req.body.commit
          ? MSG_ADMIN.csvHasErrors
          : result.errors.length
            ? MSG_ADMIN.csvPreviewHasErrors
            : MSG_ADMIN.csvPreviewed;
      return result.committed ? created(result, message) : ok(result, message);
    },
    { bodyLimit: 10 * 1024 * 1024 },
  );
  route(app, 'adminProductExport', async (req) => {
    const { csv, rows, total, message } = await exportProducts(db, req.body);
    return ok({ filename: `products-${seoulDay()}.csv`, csv, rows, total }, message);
  });
}
