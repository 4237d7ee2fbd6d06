/** The grid's columns, named as the answer names its fields (see ProductRow in service.ts). */
export const LIST_COLUMNS = `id as seq, name, pid, factory_num as "factoryNum", type, has_amount as "hasAmount", has_amount as stock,
  stock_name as "stockName", storage_id as "storageId", img_files as "imgFiles", coalesce(img_files->>0, '') as image,
  detail_info as "detailInfo", category, brand, company_id as "companyId",
  price_a::float8 as "priceA", price_b::float8 as "priceB", price_c::float8 as "priceC", price_d::float8 as "priceD",
  sale_price::float8 as "basePrice"`;
