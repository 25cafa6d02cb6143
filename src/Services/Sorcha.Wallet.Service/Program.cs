using Sorcha.ApiPlatform;
using Sorcha.Wallet.Service.Access;
using Sorcha.Wallet.Service.Derivation;
using Sorcha.Wallet.Service.Encryption;
using Sorcha.Wallet.Service.Signing;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

var builder = WebApplication.CreateBuilder(args);
builder.AddSorchaApiPlatform();
builder.AddWalletStorage();
builder.AddOpenKeys();
builder.AddEnvelopeSchema();
builder.AddWalletAccess();
builder.AddUpdateWalletSchema();
builder.Services.AddSingleton<RsaKeyGeneration>();
builder.Services.AddSingleton(TimeProvider.System);

var app = builder.Build();
app.UseSorchaApiPlatform();
app.MapSorchaApiPlatformEndpoints();
app.MapWalletsApi();
app.MapWalletUpdateApi();
app.MapAddressesApi();
app.MapSigningApi();
app.MapEncryptionApi();
app.MapTransactionSigningApi();
app.MapAccessApi();
app.Run();
