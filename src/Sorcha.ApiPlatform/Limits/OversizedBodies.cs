using System.Buffers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// A body whose declared length is over the route's limit gets a 413 problem document after the body has been read
/// and dropped. Kestrel's own check answers 413 and closes the connection with the body unread; a proxy still sending
/// it (the gateway) then sees a reset instead of the answer and reports 502. Bodies longer than
/// <see cref="DrainLimit"/> are not read: those get the 413 with Connection: close. Chunked bodies are counted as
/// they are read (<see cref="LimitedRequestBody"/>).
/// </summary>
public static class OversizedBodies
{
    public const long DrainLimit = 64L * 1024 * 1024;

    public static void UseOversizedBodyAnswers(this WebApplication app) => app.Use(async (context, next) =>
    {
        var declared = context.Request.ContentLength;
        var feature = context.Features.Get<IHttpMaxRequestBodySizeFeature>();
        if (feature is null || feature.IsReadOnly || Limit(context, feature) is not { } limit || declared <= limit)
        {
            await next(context);
            return;
        }

        if (declared is null)
        {
            // Chunked: the length shows only while reading; count it ourselves, with room to drain the excess.
            if (context.Features.Get<IHttpRequestBodyDetectionFeature>()?.CanHaveBody == true && limit < DrainLimit)
            {
                feature.MaxRequestBodySize = DrainLimit;
                context.Request.Body = new LimitedRequestBody(context.Request.Body, limit);
            }

            await next(context);
            return;
        }

        if (declared <= DrainLimit)
        {
            feature.MaxRequestBodySize = declared;
            await DrainAsync(context.Request.Body, context.RequestAborted);
        }
        else
        {
            context.Response.Headers.Connection = "close";
        }

        context.Response.StatusCode = StatusCodes.Status413PayloadTooLarge;
        await context.RequestServices.GetRequiredService<IProblemDetailsService>().WriteAsync(new ProblemDetailsContext
        {
            HttpContext = context,
            ProblemDetails = new ProblemDetails
            {
                Status = StatusCodes.Status413PayloadTooLarge,
                Title = "Payload too large",
                Detail = $"The body ({declared} bytes) is larger than this route's limit of {limit} bytes.",
            },
        });
    });

    // The route's own limit when it sets one (null there means unlimited), otherwise the server's.
    private static long? Limit(HttpContext context, IHttpMaxRequestBodySizeFeature feature) =>
        context.GetEndpoint()?.Metadata.GetMetadata<IRequestSizeLimitMetadata>() is { } metadata
            ? metadata.MaxRequestBodySize
            : feature.MaxRequestBodySize;

    private static async Task DrainAsync(Stream body, CancellationToken ct)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
        try
        {
            while (await body.ReadAsync(buffer, ct) > 0)
            {
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
