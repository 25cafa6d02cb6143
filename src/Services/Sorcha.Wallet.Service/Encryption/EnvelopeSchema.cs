using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;
using Sorcha.ApiPlatform.OpenApi;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.Wallet.Service.Encryption;

/// <summary>
/// The envelope's schema per scheme (api.md, "Envelope"): the ECIES schemes carry <c>ephemeralPublicKey</c> and no
/// <c>wrappedKey</c>, RSA-OAEP the reverse. A generated client then knows which members to expect for which scheme.
/// </summary>
internal static class EnvelopeSchema
{
    public static void AddEnvelopeSchema(this IHostApplicationBuilder builder) =>
        builder.Services.Configure<OpenApiOptions>(OpenApiSetup.DocumentName, o => o.AddSchemaTransformer((schema, context, _) =>
        {
            if (context.JsonTypeInfo.Type == typeof(EnvelopeDto) && context.JsonPropertyInfo is null)
            {
                schema.Properties!["scheme"] = new OpenApiSchema
                {
                    Type = JsonSchemaType.String,
                    Enum = [EnvelopeSchemes.X25519, EnvelopeSchemes.P256, EnvelopeSchemes.RsaOaep],
                };
                schema.OneOf =
                [
                    Scheme(EnvelopeSchemes.X25519, carries: "ephemeralPublicKey", lacks: "wrappedKey"),
                    Scheme(EnvelopeSchemes.P256, carries: "ephemeralPublicKey", lacks: "wrappedKey"),
                    Scheme(EnvelopeSchemes.RsaOaep, carries: "wrappedKey", lacks: "ephemeralPublicKey"),
                ];
            }

            return Task.CompletedTask;
        }));

    private static OpenApiSchema Scheme(string scheme, string carries, string lacks) => new()
    {
        Properties = new Dictionary<string, IOpenApiSchema> { ["scheme"] = new OpenApiSchema { Const = scheme } },
        Required = new HashSet<string> { "scheme", carries },
        Not = new OpenApiSchema { Required = new HashSet<string> { lacks } },
    };
}
