using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;
using Sorcha.ApiPlatform.OpenApi;
using Sorcha.Contracts.Wallets;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>
/// The PATCH body's <c>tags</c> as merge patch has it: a value may be null (that tag goes), and so may the map (all go).
/// The generator cannot see the nullable value type (<c>string?</c> is <c>string</c> at run time) and would say string.
/// </summary>
internal static class UpdateWalletSchema
{
    public static void AddUpdateWalletSchema(this IHostApplicationBuilder builder) =>
        builder.Services.Configure<OpenApiOptions>(OpenApiSetup.DocumentName, o => o.AddSchemaTransformer((schema, context, _) =>
        {
            if (context.JsonTypeInfo.Type == typeof(UpdateWalletRequest) && context.JsonPropertyInfo is null)
            {
                schema.Properties!["tags"] = new OpenApiSchema
                {
                    Type = JsonSchemaType.Object | JsonSchemaType.Null,
                    Description = "Tags to set (a string) or remove (null); tags not named stay. null removes them all.",
                    AdditionalProperties = new OpenApiSchema { Type = JsonSchemaType.String | JsonSchemaType.Null },
                };
            }

            return Task.CompletedTask;
        }));
}
